import { describe, expect, it } from 'vitest';
import {
  composeOfficialOverview,
  OFFICIAL_RECORDS_LABEL,
  officialRecordsProvider,
} from '#server/providers/analysis/official-records';
import { amendmentStatusCounts, decisionLabel } from '#server/providers/analysis/official-records-text';
import { officialSources } from '#server/providers/analysis/sources';
import type { OfficialItem, OfficialRecord } from '#server/providers/analysis/types';
import { formatMediumDate, MESSAGE_LANGUAGES } from '#server/messages/i18n';

const TODAY = '2026-10-15';

function item(overrides: Partial<OfficialItem> = {}): OfficialItem {
  return {
    id: 1,
    source: 'parliament_bills',
    upstreamId: '99001',
    title: 'Coastal Flood Defences Bill',
    longTitle:
      'A Bill to make provision about the maintenance of coastal flood defences; and for connected purposes.',
    description:
      'The Bill places duties on coastal authorities. It creates a register of sea walls.\n• Sets inspection intervals.',
    category: 'primary',
    legislationType: 'uk_parliament_bill',
    status: 'active',
    parliamentarySession: '2026-27',
    currentHouse: 'Commons',
    currentStage: 'Committee stage',
    currentStageDate: '2026-10-08',
    scottishBillReference: null,
    shortName: null,
    thirdPartyOrganisation: null,
    siNumber: null,
    departmentName: 'Department for Environment, Food & Rural Affairs',
    procedureName: null,
    enabledBy: null,
    governmentBodyName: null,
    governmentBodyType: null,
    officialUrl: 'https://bills.parliament.uk/bills/99001',
    subject: null,
    isDraft: false,
    withdrawn: false,
    defeated: false,
    consultationStartDate: null,
    consultationEndDate: null,
    proposedDate: '2026-09-14',
    enactmentDate: null,
    effectiveDate: null,
    dateLaid: null,
    madeDate: null,
    ...overrides,
  };
}

const fullRecord: OfficialRecord = {
  item: item({ consultationStartDate: '2026-09-01', consultationEndDate: '2026-11-30' }),
  timeline: [
    {
      title: 'Report stage in the House of Commons',
      description: null,
      eventDate: '2026-11-04',
      eventType: 'other',
      house: 'Commons',
      sourceUrl: 'https://bills.parliament.uk/bills/99001/stages',
    },
    {
      title: 'Committee stage in the House of Commons',
      description: null,
      eventDate: '2026-10-08',
      eventType: 'other',
      house: 'Commons',
      sourceUrl: 'https://bills.parliament.uk/bills/99001/stages',
    },
    {
      title: '2nd reading in the House of Commons',
      description: null,
      eventDate: '2026-09-28',
      eventType: 'other',
      house: 'Commons',
      sourceUrl: 'https://bills.parliament.uk/bills/99001/stages',
    },
    {
      title: '1st reading in the House of Commons',
      description: null,
      eventDate: '2026-09-14',
      eventType: 'proposed',
      house: 'Commons',
      sourceUrl: 'https://bills.parliament.uk/bills/99001/stages',
    },
  ],
  amendments: {
    total: 14,
    byStatus: { Agreed: 3, NoDecision: 9, NotMoved: 2 },
    byStage: [{ stageName: 'Committee stage', count: 14, latestDate: '2026-10-08' }],
    leadSponsors: [
      { name: 'Jane Example', party: 'Labour', count: 6 },
      { name: 'John Sample', party: null, count: 2 },
    ],
  },
  documents: [
    {
      title: 'Impact Assessment',
      documentType: 'impact_assessment',
      publishedDate: '2026-09-15',
      fileUrl: 'https://publications.parliament.uk/pa/bills/ia.pdf',
    },
    {
      title: 'Explanatory Notes',
      documentType: 'guidance',
      publishedDate: '2026-09-14',
      fileUrl: 'https://bills.parliament.uk/publications/1/documents/2',
    },
    {
      title: 'Unofficial briefing',
      documentType: 'other',
      publishedDate: null,
      fileUrl: 'https://example.com/briefing.pdf',
    },
  ],
};

const emptyRecord: OfficialRecord = {
  item: item({
    source: 'legislation_gov_uk',
    upstreamId: 'uksi/2026/1',
    title: 'The Example Regulations 2026',
    longTitle: null,
    description: null,
    category: 'secondary',
    legislationType: 'uksi',
    parliamentarySession: null,
    currentHouse: null,
    currentStage: null,
    currentStageDate: null,
    departmentName: null,
    officialUrl: null,
    proposedDate: null,
  }),
  timeline: [],
  amendments: { total: 0, byStatus: {}, byStage: [], leadSponsors: [] },
  documents: [],
};

describe('composeOfficialOverview with a full record', () => {
  const o = composeOfficialOverview(fullRecord, TODAY);

  it('summarises what the item is from its title, long title, summary and department', () => {
    expect(o.executiveSummary).toContain('Coastal Flood Defences Bill is a UK Parliament bill.');
    expect(o.executiveSummary).toContain(
      '“A Bill to make provision about the maintenance of coastal flood defences; and for connected purposes”',
    );
    expect(o.executiveSummary).toContain(
      'The official summary says: The Bill places duties on coastal authorities. It creates a register of sea walls.',
    );
    expect(o.executiveSummary).toContain('Department for Environment, Food & Rural Affairs');
  });

  it('states the current stage, house and date', () => {
    expect(o.currentStatus).toContain(
      'The current stage recorded is Committee stage in the House of Commons, dated Oct 8, 2026.',
    );
    expect(o.currentStatus).toContain('Its recorded status is “active”.');
  });

  it('lists only recorded upcoming dates as next steps', () => {
    expect(o.nextSteps).toBe(
      'Report stage in the House of Commons is scheduled for Nov 4, 2026. The consultation closes on Nov 30, 2026.',
    );
  });

  it('takes key provisions from the long title and the summary sentences', () => {
    expect(o.keyProvisions).toEqual([
      'Purpose (long title): A Bill to make provision about the maintenance of coastal flood defences; and for connected purposes.',
      'The Bill places duties on coastal authorities.',
      'It creates a register of sea walls.',
      'Sets inspection intervals.',
    ]);
  });

  it('names only recorded stakeholders', () => {
    expect(o.stakeholderImpact.map((s) => s.category)).toEqual([
      'Government department',
      'Members of Parliament',
      'Consultation respondents',
      'Impact assessment',
    ]);
    expect(o.stakeholderImpact[1]!.impact).toBe(
      'Members leading the most amendments: Jane Example (Labour): 6 amendments; John Sample: 2 amendments.',
    );
    expect(o.stakeholderImpact[0]!.impact).toBe(
      'Department for Environment, Food & Rural Affairs is the department recorded for it.',
    );
    expect(o.stakeholderImpact[2]!.impact).toBe(
      'A consultation is recorded from Sep 1, 2026 to Nov 30, 2026.',
    );
  });

  it('gives the session, the recorded stages and the amendment decisions', () => {
    expect(o.politicalContext).toContain('It belongs to the 2026-27 parliamentary session.');
    expect(o.politicalContext).toContain(
      '4 dated stages are recorded, from 1st reading in the House of Commons on Sep 14, 2026 to Report stage in the House of Commons on Nov 4, 2026.',
    );
    expect(o.politicalContext).toContain(
      '14 amendments are recorded: 9 no decision yet, 3 agreed, 2 not moved.',
    );
    expect(o.politicalContext).toContain('By stage: 14 at Committee stage.');
  });

  it('adds no opinion and points to the official documents', () => {
    expect(o.expertCommentary).toContain('No expert commentary is included');
    expect(o.expertCommentary).toContain(
      '“Impact Assessment” (Sep 15, 2026), “Explanatory Notes” (Sep 14, 2026), “Unofficial briefing”.',
    );
  });

  it('lists past events and documents as related developments, never future ones', () => {
    expect(o.relatedDevelopments).toEqual([
      'Oct 8, 2026: Committee stage in the House of Commons',
      'Sep 28, 2026: 2nd reading in the House of Commons',
      'Sep 14, 2026: 1st reading in the House of Commons',
      'Sep 15, 2026: published “Impact Assessment”',
      'Sep 14, 2026: published “Explanatory Notes”',
      'published “Unofficial briefing”',
    ]);
  });
});

describe('composeOfficialOverview with almost nothing recorded', () => {
  const o = composeOfficialOverview(emptyRecord, TODAY);

  it('says plainly what is not recorded in every section', () => {
    expect(o.executiveSummary).toBe('The Example Regulations 2026 is listed under UK Statutory Instruments.');
    expect(o.currentStatus).toBe(
      'The official records we hold do not give a current stage. Its recorded status is “active”.',
    );
    expect(o.nextSteps).toMatch(/^No upcoming stage or date is recorded/);
    expect(o.keyProvisions).toEqual([
      'The official records we hold do not summarise its provisions. Read the official text for the detail.',
    ]);
    expect(o.stakeholderImpact).toEqual([
      { category: 'Not recorded', impact: expect.stringContaining('do not identify the groups affected') },
    ]);
    expect(o.politicalContext).toBe(
      'The official records we hold give no parliamentary context for this item yet.',
    );
    expect(o.expertCommentary).toContain('No official documents are recorded for it yet.');
    expect(o.relatedDevelopments).toEqual([]);
  });
});

describe('composeOfficialOverview end states', () => {
  it('reads past dates as done and future ones as due', () => {
    const si = composeOfficialOverview(
      {
        ...emptyRecord,
        item: {
          ...emptyRecord.item,
          madeDate: '2026-01-10',
          dateLaid: '2026-01-12',
          effectiveDate: '2026-12-01',
          siNumber: '2026/1',
          enabledBy: 'Example Act 2020',
        },
      },
      TODAY,
    );
    expect(si.currentStatus).toContain(
      'It was laid before Parliament on Jan 12, 2026. It was made on Jan 10, 2026. It is due to come into force on Dec 1, 2026.',
    );
    expect(si.nextSteps).toBe('It is due to come into force on Dec 1, 2026.');
    expect(si.keyProvisions).toEqual(['Made under: Example Act 2020.', 'Number: 2026/1.']);
    const inForce = composeOfficialOverview(
      { ...emptyRecord, item: { ...emptyRecord.item, effectiveDate: '2026-02-01' } },
      TODAY,
    );
    expect(inForce.currentStatus).toContain('It came into force on Feb 1, 2026.');
  });

  it('says when no further stages are expected', () => {
    const withdrawn = composeOfficialOverview(
      {
        ...fullRecord,
        timeline: [],
        item: { ...fullRecord.item, withdrawn: true, consultationEndDate: null },
      },
      TODAY,
    );
    expect(withdrawn.nextSteps).toBe('No further stages are expected: it is recorded as withdrawn.');
    expect(withdrawn.currentStatus).toContain('It is recorded as withdrawn.');
    const enacted = composeOfficialOverview(
      {
        ...fullRecord,
        timeline: [],
        item: { ...fullRecord.item, enactmentDate: '2026-10-01', consultationEndDate: null },
      },
      TODAY,
    );
    expect(enacted.currentStatus).toContain('It received Royal Assent on Oct 1, 2026.');
    expect(enacted.nextSteps).toBe(
      'It has received Royal Assent; no further parliamentary stages are recorded.',
    );
  });
});

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
      expect(o.nextSteps).toContain('Report stage in the House of Commons');
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
    expect(o.nextSteps).toContain('\u2068Report stage in the House of Commons\u2069');
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
    expect(OFFICIAL_RECORDS_LABEL).toBe(
      'Generated from official records (UK Parliament, legislation.gov.uk)',
    );
    await expect(officialRecordsProvider.analyse(emptyRecord, TODAY, 'en')).resolves.toEqual(
      composeOfficialOverview(emptyRecord, TODAY),
    );
  });
});
