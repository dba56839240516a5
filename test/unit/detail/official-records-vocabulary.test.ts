/**
 * The official-records overview names the item's own source and lists its official pages, for
 * the international sources too, and words the sources' stages, Houses and types as the interface
 * does (`#shared/vocabulary`), never stating the service's own status grouping as a recorded fact.
 */
import { describe, expect, it } from 'vitest';
import { hasMessage, MESSAGE_LANGUAGES } from '#server/messages/i18n';
import {
  composeOfficialOverview,
  officialRecordsProvider,
} from '#server/providers/analysis/official-records';
import { officialSources, recordSource } from '#server/providers/analysis/sources';
import type { OfficialItem, OfficialRecord } from '#server/providers/analysis/types';
import { sourceWords } from '#shared/vocabulary/words';
import { emptyRecord, fullRecord, TODAY } from './official-records-fixtures';

type Event = OfficialRecord['timeline'][number];

function record(item: Partial<OfficialItem>, timeline: Partial<Event>[] = []): OfficialRecord {
  return {
    item: { ...emptyRecord.item, ...item },
    timeline: timeline.map((event) => ({
      title: '',
      description: null,
      eventDate: null,
      eventType: 'other',
      house: null,
      sourceUrl: null,
      ...event,
    })),
    amendments: emptyRecord.amendments,
    documents: [],
  };
}

const federalRegister = record(
  {
    source: 'federal_register',
    title: 'Air Plan Approval; Ohio; Regional Haze',
    legislationType: 'us_rule',
    officialUrl: 'https://www.federalregister.gov/documents/2026/03/02/2026-04123/air-plan-approval',
    enactmentDate: '2026-03-02',
  },
  [
    {
      title: 'Published in the Federal Register',
      eventDate: '2026-03-02',
      sourceUrl: 'https://www.federalregister.gov/documents/2026/03/02/2026-04123/air-plan-approval',
    },
  ],
);
const congressBill = record(
  {
    source: 'congress_gov',
    title: 'Flood Insurance Reform Act',
    legislationType: 'us_bill',
    officialUrl: 'https://www.congress.gov/bill/119th-congress/house-bill/1234',
    currentStage: 'Introduced in the House',
  },
  [{ title: 'Introduced in the House', eventDate: '2026-02-10' }],
);
const eurLexAct = record({
  source: 'eur_lex',
  title: 'Regulation (EU) 2024/1689 laying down harmonised rules on artificial intelligence',
  legislationType: 'eu_regulation',
  officialUrl: 'https://eur-lex.europa.eu/eli/reg/2024/1689/oj',
  enactmentDate: '2024-06-13',
});

describe('the overview of an item of an international source', () => {
  it.each([
    ['Federal Register', federalRegister],
    ['Congress.gov', congressBill],
    ['EUR-Lex', eurLexAct],
  ] as const)('names %s as its source and lists its official page', (name, given) => {
    expect(officialRecordsProvider.generatedFrom('en', given)).toBe(
      `Generated from official records (${name})`,
    );
    expect(officialRecordsProvider.generatedFrom('de', given)).toBe(
      `Erstellt aus amtlichen Unterlagen (${name})`,
    );
    for (const lang of MESSAGE_LANGUAGES) {
      const label = officialRecordsProvider.generatedFrom(lang, given);
      expect(label).toContain(name);
      expect(label).not.toContain('legislation.gov.uk');
    }
    expect(officialSources(given)).toEqual([given.item.officialUrl]);
  });

  it('accepts the official pages of the Canadian and Australian sources and names a page’s publisher', () => {
    const pages = [
      'https://www.parl.ca/legisinfo/en/bill/45-1/c-2',
      'https://laws-lois.justice.gc.ca/eng/acts/A-1/',
      'https://www.legislation.gov.au/C2004A00001/latest/text',
    ];
    const canadian = record({ source: 'unknown', officialUrl: pages[0]! }, [
      { sourceUrl: pages[1]! },
      { sourceUrl: pages[2]! },
      { sourceUrl: 'https://example.com/copy' },
    ]);
    expect(officialSources(canadian)).toEqual(pages);
    expect(recordSource(canadian)).toBe('canada_legisinfo');
    expect(officialRecordsProvider.generatedFrom('en', canadian)).toBe(
      'Generated from official records (LEGISinfo)',
    );
  });

  it('words an international stage in the reader’s language', () => {
    const german = composeOfficialOverview(congressBill, TODAY, 'de');
    const introduced = sourceWords('de').stage('Introduced in the House')!;
    expect(introduced).not.toContain('Introduced');
    expect(german.currentStatus).toContain(introduced);
    expect(german.relatedDevelopments.join('\n')).toContain(introduced);
  });
});

/** The sources' English words that must not reach a reader of another language. */
const SOURCE_ENGLISH = [
  /2nd reading/i,
  /House of Commons/,
  /Royal Assent/,
  /UK Public General Acts/,
  /\bMade\b/,
];

const ukBill = record(
  {
    ...fullRecord.item,
    currentStage: '2nd reading',
    currentStageDate: '2026-09-28',
  },
  [
    { title: '2nd reading in the House of Commons', eventDate: '2026-09-28', house: 'Commons' },
    { title: '1st reading in the House of Commons', eventDate: '2026-09-14', house: 'Commons' },
  ],
);
const instrument = record(
  {
    source: 'legislation_gov_uk',
    title: 'The Flood Reinsurance (Amendment) Regulations 2026',
    legislationType: 'uksi',
    officialUrl: 'https://www.legislation.gov.uk/uksi/2026/101/made',
    madeDate: '2026-02-01',
    dateLaid: '2026-02-03',
    effectiveDate: '2026-03-01',
  },
  [
    { title: 'Comes into force', eventDate: '2026-03-01' },
    { title: 'Laid before Parliament', eventDate: '2026-02-03' },
    { title: 'Made', eventDate: '2026-02-01' },
  ],
);

describe('the sources’ words in the reader’s language', () => {
  for (const lang of ['de', 'ar'] as const) {
    const words = sourceWords(lang);

    it(`${lang}: a UK bill at its 2nd reading in the House of Commons`, () => {
      const o = composeOfficialOverview(ukBill, TODAY, lang);
      const text = JSON.stringify(o);
      for (const english of SOURCE_ENGLISH) expect(text).not.toMatch(english);
      expect(o.currentStatus).toContain(
        words.stageInHouse(words.stage('2nd reading')!, words.house('Commons')!),
      );
      expect(o.relatedDevelopments.join('\n')).toContain(words.stage('1st reading in the House of Commons')!);
      // the title is never translated
      expect(o.executiveSummary).toContain('Coastal Flood Defences Bill');
    });

    it(`${lang}: an instrument, its type and its dated steps`, () => {
      const o = composeOfficialOverview(instrument, TODAY, lang);
      const text = JSON.stringify(o);
      for (const english of SOURCE_ENGLISH) expect(text).not.toMatch(english);
      expect(o.executiveSummary).toContain(words.typeName('uksi')!);
      expect(o.executiveSummary).toContain('The Flood Reinsurance (Amendment) Regulations 2026');
      const related = o.relatedDevelopments.join('\n');
      for (const stage of ['Made', 'Laid before Parliament', 'Comes into force'])
        expect(related).toContain(words.stage(stage)!);
    });
  }

  it('ar: an Act’s Royal Assent in Arabic words', () => {
    const act = record({ legislationType: 'ukpga', enactmentDate: '2026-01-20' }, [
      { title: 'Enacted (Royal Assent)', eventDate: '2026-01-20' },
    ]);
    const text = JSON.stringify(composeOfficialOverview(act, TODAY, 'ar'));
    expect(text).not.toMatch(/Royal Assent|Enacted/);
    expect(text).toContain(sourceWords('ar').stage('Royal Assent')!);
  });

  it('keeps a stage no dictionary knows as the source wrote it, quoted in the sentence', () => {
    const odd = record({ ...ukBill.item, currentStage: 'Carry-over debate', currentHouse: null });
    expect(composeOfficialOverview(odd, TODAY, 'de').currentStatus).toContain('„Carry-over debate“');
    expect(composeOfficialOverview(odd, TODAY, 'ar').currentStatus).toMatch(
      /\u2068[^\u2069]*Carry-over debate[^\u2069]*\u2069/,
    );
    // in English the sources' words are the reader's own
    expect(composeOfficialOverview(ukBill, TODAY, 'en').currentStatus).toContain(
      '2nd reading in the House of Commons',
    );
  });
});

describe('the service’s own status grouping', () => {
  it('is stated in no language', () => {
    expect(hasMessage('analysis.status.recordedStatus')).toBe(false);
    for (const lang of MESSAGE_LANGUAGES) {
      for (const given of [fullRecord, congressBill]) {
        const active = composeOfficialOverview(
          { ...given, item: { ...given.item, status: 'active' } },
          TODAY,
          lang,
        );
        const enacted = composeOfficialOverview(
          { ...given, item: { ...given.item, status: 'enacted' } },
          TODAY,
          lang,
        );
        expect(enacted, lang).toEqual(active);
      }
    }
    expect(composeOfficialOverview(fullRecord, TODAY, 'en').currentStatus).not.toMatch(/recorded status/i);
  });
});

describe('an international item’s date, named as its source names it', () => {
  const day = (given: OfficialRecord) => composeOfficialOverview(given, TODAY, 'en').currentStatus;
  it('publication, becoming law, a date of document, Royal Assent and registration; never "adoption"', () => {
    expect(day(federalRegister)).toContain('It was published on');
    const law = record({ ...congressBill.item, enactmentDate: '2025-07-04' });
    expect(day(law)).toContain('It became law on');
    expect(day(eurLexAct)).toContain('The source dates the document');
    const canadian = record({
      source: 'canada_legisinfo',
      legislationType: 'ca_bill',
      enactmentDate: '2025-06-26',
    });
    expect(day(canadian)).toContain('It received Royal Assent on');
    const regulation = record({
      source: 'canada_justice_laws',
      legislationType: 'ca_regulation',
      enactmentDate: '2026-04-01',
    });
    expect(day(regulation)).toContain('It was registered on');
    const effective = record({ ...federalRegister.item, effectiveDate: '2025-01-30' });
    expect(day(effective)).toContain('It became effective on');
    expect(day(effective)).not.toMatch(/came into force/);
    for (const given of [federalRegister, law, eurLexAct, canadian, regulation])
      expect(day(given)).not.toMatch(/adoption/);
    expect(composeOfficialOverview(law, TODAY, 'de').currentStatus).toContain('Gesetz');
  });
});
