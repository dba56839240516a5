/** The official-records overview in the reader's language, and the official sources and wording helpers. */
import { describe, expect, it } from 'vitest';
import {
  composeOfficialOverview,
  OFFICIAL_RECORDS_LABEL,
  officialRecordsProvider,
} from '#server/providers/analysis/official-records';
import { amendmentStatusCounts, decisionLabel } from '#server/providers/analysis/official-records-text';
import { officialSources } from '#server/providers/analysis/sources';
import { formatMediumDate, MESSAGE_LANGUAGES } from '#server/messages/i18n';
import { sourceWords } from '#shared/vocabulary/words';
import { emptyRecord, fullRecord, TODAY } from './official-records-fixtures';

describe("composeOfficialOverview in the reader's language", () => {
  /** Phrases of the English wording that must not reach a reader of another language. */
  const ENGLISH_WORDING = [
    'is a UK Parliament bill',
    'The current stage recorded',
    'is scheduled for',
    'The consultation closes',
    'Purpose (long title)',
    'Government department',
    'Members leading the most amendments',
    'parliamentary session',
    'dated stages are recorded',
    'No expert commentary',
    'Official documents to read',
    'published “',
  ];

  for (const lang of MESSAGE_LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: every section in ${lang}, with the records quoted as they are and dates in its form`, () => {
      const o = composeOfficialOverview(fullRecord, TODAY, lang);
      const text = JSON.stringify(o);
      for (const phrase of ENGLISH_WORDING) expect(text, phrase).not.toContain(phrase);
      expect(o.executiveSummary).toContain('Coastal Flood Defences Bill');
      // the stage in the House is in the words the interface shows for it
      expect(o.nextSteps).not.toContain('Report stage in the House of Commons');
      expect(o.nextSteps).toContain(sourceWords(lang).stage('Report stage in the House of Commons'));
      expect(o.nextSteps).toContain(formatMediumDate(lang, '2026-11-04'));
      expect(text).not.toContain('Nov 4, 2026');
      expect(o.stakeholderImpact).toHaveLength(4);
      expect(o.relatedDevelopments).toHaveLength(6);
      // the empty record says plainly, in the language, what is not recorded
      const empty = composeOfficialOverview(emptyRecord, TODAY, lang);
      expect(empty.keyProvisions).toHaveLength(1);
      expect(empty.keyProvisions[0]).not.toContain('The official records we hold');
    });
  }

  it('isolates recorded English text in Arabic, so its direction stays inside it', () => {
    const o = composeOfficialOverview(fullRecord, TODAY, 'ar');
    expect(o.executiveSummary).toContain('\u2068Coastal Flood Defences Bill\u2069');
    // a stage the dictionaries know is in Arabic words, with nothing to isolate
    expect(o.nextSteps).not.toMatch(/[A-Za-z\u2068]/);
    // nothing is isolated in a language written left to right
    expect(JSON.stringify(composeOfficialOverview(fullRecord, TODAY, 'fr'))).not.toMatch(/[\u2068\u2069]/);
  });

  it('runs Japanese and Chinese sentences on without a space, as those languages are written', () => {
    for (const lang of ['ja', 'zh'] as const) {
      const o = composeOfficialOverview(emptyRecord, TODAY, lang);
      expect(o.currentStatus).not.toMatch(/。 /);
    }
  });
});

describe('official sources and wording helpers', () => {
  it('keeps official pages only, item page first, without repeats', () => {
    expect(officialSources(fullRecord)).toEqual([
      'https://bills.parliament.uk/bills/99001',
      'https://bills.parliament.uk/bills/99001/stages',
      'https://publications.parliament.uk/pa/bills/ia.pdf',
      'https://bills.parliament.uk/publications/1/documents/2',
    ]);
    expect(officialSources(emptyRecord)).toEqual([]);
  });

  it('reads amendment decisions', () => {
    expect(decisionLabel('en', 'AgreedOnDivision')).toBe('agreed on division');
    expect(decisionLabel('en', 'NoDecision')).toBe('no decision yet');
    expect(decisionLabel('en', '')).toBe('no recorded decision');
    // a decision the sources add later reads as recorded
    expect(decisionLabel('en', 'ReferredToCommittee')).toBe('referred to committee');
    expect(amendmentStatusCounts('en', { Withdrawn: 1, Agreed: 1, '': 2 })).toBe(
      '2 no recorded decision, 1 agreed, 1 withdrawn',
    );
  });

  it('is offered as the official-records provider with its label', async () => {
    expect(officialRecordsProvider.name).toBe('official-records');
    expect(officialRecordsProvider.generatedFrom('en')).toBe(OFFICIAL_RECORDS_LABEL);
    // with no record it names no source; with one, the item's own
    expect(OFFICIAL_RECORDS_LABEL).toBe('Generated from official records');
    expect(officialRecordsProvider.generatedFrom('en', fullRecord)).toBe(
      'Generated from official records (UK Parliament)',
    );
    await expect(officialRecordsProvider.analyse(emptyRecord, TODAY, 'en')).resolves.toEqual(
      composeOfficialOverview(emptyRecord, TODAY),
    );
  });
});
