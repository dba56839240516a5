/** The legal change page's test records: a bill with every kind of record, an empty item and one whose analysis fails. */
import { amendments, documents, timelineEvents } from '#server/db/schema';
import type { AnalysisProvider } from '#server/providers/analysis';
import { analysisNotConfigured } from '#server/providers/analysis/errors';
import { officialRecordsProvider } from '#server/providers/analysis/official-records';
import type { NewsProvider } from '#server/providers/news/types';
import type { TestDatabase } from '#test/support/test-database';
import { buildLegalChange } from '#test/support/factories';

const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#1e3a8a"/></svg>')}`;
const LONG_TEXT =
  'Page 3, line 12, leave out from "the Secretary of State" to the end of line 20 and insert "a person appointed by the Secretary of State who has relevant expertise in the regulation of consumer credit and who is independent of any lender", and make consequential changes throughout the Bill so that every reference is read accordingly.';

/** Items with this word in the title meet a refused AI key and a failing news search. */
export const UNCONFIGURED = 'Unconfigured';

export const analysis: AnalysisProvider = {
  ...officialRecordsProvider,
  analyse: async (record, today, lang) => {
    if (record.item.title.includes(UNCONFIGURED)) throw analysisNotConfigured();
    return officialRecordsProvider.analyse(record, today, lang);
  },
};

/** A news source answering one article that names the bill. */
export function fakeNews(title: string): NewsProvider {
  return {
    name: 'fake',
    label: 'Fake news search',
    appliesTo: () => true,
    search: async (item) => {
      if (item.title.includes(UNCONFIGURED)) throw new Error('search service down');
      return [
        {
          url: 'https://www.gov.uk/government/news/consumer-credit-update',
          title: `${title}: government publishes update`,
          summary: `The government has published an update on the ${title}.`,
          source: 'GOV.UK',
          publishedDate: new Date('2026-10-05T09:00:00Z'),
          favicon: FAVICON,
          provider: 'fake',
          official: true,
        },
      ];
    },
  };
}

export const BILL_TITLE = 'Consumer Credit Reform Bill';

/** Writes the three items and the bill's timeline, amendments and documents; answers their ids. */
export async function seedLegalChanges(
  db: TestDatabase['db'],
): Promise<{ itemId: number; emptyItemId: number; failingItemId: number }> {
  const item = await buildLegalChange(db, {
    title: BILL_TITLE,
    longTitle: 'A Bill to make provision about consumer credit agreements and their regulation.',
    currentStage: 'Committee stage',
    currentHouse: 'Commons',
    parliamentarySession: '2026-27',
    officialUrl: 'https://bills.parliament.uk/bills/9999',
    proposedDate: '2026-09-01',
    consultationStartDate: '2026-09-10',
    consultationEndDate: '2026-10-20',
  });
  const itemId = item.id;
  await db.insert(timelineEvents).values([
    {
      legalChangeId: itemId,
      upstreamId: 'e1',
      title: '1st reading in the House of Commons',
      description: 'First reading took place.',
      eventDate: '2026-09-01',
      eventType: 'proposed',
      house: 'Commons',
      sourceUrl: 'https://bills.parliament.uk/bills/9999/stages',
      sourceName: 'UK Parliament',
    },
    {
      legalChangeId: itemId,
      upstreamId: 'e2',
      title: '2nd reading in the House of Commons',
      description: 'Second reading debate.',
      eventDate: '2026-09-15',
      eventType: 'consultation_started',
      house: 'Commons',
      sourceUrl: null,
      sourceName: null,
    },
    {
      legalChangeId: itemId,
      upstreamId: 'e3',
      title: 'Committee stage in the House of Commons',
      description: 'Line by line scrutiny.',
      eventDate: '2026-10-01',
      eventType: 'amended',
      house: 'Commons',
      sourceUrl: null,
      sourceName: null,
    },
    {
      legalChangeId: itemId,
      upstreamId: 'e4',
      title: 'Royal Assent',
      description: null,
      eventDate: null,
      eventType: 'other',
      house: null,
      sourceUrl: null,
      sourceName: null,
    },
  ]);
  await db.insert(amendments).values([
    {
      legalChangeId: itemId,
      upstreamId: 'a1',
      amendmentNumber: '12',
      status: 'Agreed',
      amendmentType: 'EditLongTitle',
      house: 'Commons',
      leadSponsor: 'Jane Smith',
      leadSponsorParty: 'Labour',
      clause: 'Clause 3',
      amendmentText: LONG_TEXT,
      explanatoryText: 'This amendment makes the appointment independent.',
      stageName: 'Committee stage',
      stageDate: '2026-10-01',
      stageDateFrom: '2026-09-28',
      datePublished: '2026-09-27',
      officialUrl: 'https://bills.parliament.uk/bills/9999/amendments/12',
    },
    {
      legalChangeId: itemId,
      upstreamId: 'a2',
      amendmentNumber: '13',
      status: 'Withdrawn',
      amendmentType: 'Insert',
      house: 'Commons',
      leadSponsor: 'John Doe',
      leadSponsorParty: 'Conservative',
      clause: 'Clause 4',
      amendmentText: 'Leave out clause 4.',
      explanatoryText: null,
      stageName: 'Committee stage',
      stageDate: '2026-10-01',
      stageDateFrom: null,
      datePublished: null,
      officialUrl: null,
    },
  ]);
  await db.insert(documents).values([
    {
      legalChangeId: itemId,
      upstreamId: 'd1',
      title: 'Bill as introduced',
      documentType: 'bill',
      fileFormat: 'PDF',
      fileSize: 345_678,
      publishedDate: '2026-09-01',
      description: 'The text of the bill as first printed.',
      fileUrl: 'https://bills.parliament.uk/publications/1/documents/1',
      downloadUrl: 'https://bills.parliament.uk/publications/1/documents/1/pdf',
    },
    {
      legalChangeId: itemId,
      upstreamId: 'd2',
      title: 'Impact assessment',
      documentType: 'impact_assessment',
      fileFormat: 'HTML',
      fileSize: null,
      publishedDate: null,
      description: null,
      fileUrl: 'https://www.gov.uk/ia',
      downloadUrl: null,
    },
  ]);
  const empty = await buildLegalChange(db, {
    title: 'Quiet Statutory Instrument',
    legislationType: 'uksi',
    category: 'secondary',
    jurisdictionId: 1,
    currentStage: null,
    officialUrl: null,
  });
  const emptyItemId = empty.id;
  const failingItemId = (
    await buildLegalChange(db, {
      title: `${UNCONFIGURED} Scottish Bill`,
      legislationType: 'scottish_parliament_bill',
      jurisdictionId: 2,
      scottishBillReference: 'SP Bill 42',
      shortName: 'Water Bill',
      thirdPartyOrganisation: 'Scottish Water',
    })
  ).id;
  return { itemId, emptyItemId, failingItemId };
}
