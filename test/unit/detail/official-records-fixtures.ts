/** Records for the official-records overview tests: a full one, an almost empty one, and an item to vary. */
import type { OfficialItem, OfficialRecord } from '#server/providers/analysis/types';

export const TODAY = '2026-10-15';

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

export const fullRecord: OfficialRecord = {
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

export const emptyRecord: OfficialRecord = {
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
