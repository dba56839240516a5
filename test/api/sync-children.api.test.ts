import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, timelineEvents } from '#server/db/schema';
import { upsertDocuments, upsertTimelineEvents } from '#server/modules/sync/upsert-children';
import type { MappedDocument, MappedTimelineEvent } from '#server/sources/types';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

const stage: MappedTimelineEvent = {
  upstreamId: 'stage:1',
  title: '2nd reading',
  description: 'House of Commons',
  eventDate: '2026-03-01',
  eventType: 'other',
  house: 'Commons',
  sourceUrl: 'https://bills.parliament.uk/bills/1/stages/1',
  sourceName: 'UK Parliament',
  sortOrder: 3,
};
const doc: MappedDocument = {
  upstreamId: 'pub:1',
  title: 'Explanatory Notes',
  documentType: 'guidance',
  fileFormat: 'PDF',
  fileSize: 120_000,
  publishedDate: '2026-03-01',
  description: 'Notes on the Bill as introduced',
  fileUrl: 'https://bills.parliament.uk/publications/1/documents/1',
  downloadUrl: 'https://bills.parliament.uk/publications/1/documents/1/download',
};

describe.skipIf(postgresUnavailable())('storing an item’s timeline events and documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['sortOrder', 4],
    ['eventType', 'enacted'],
    ['house', 'Lords'],
    ['sourceUrl', 'https://bills.parliament.uk/bills/1/stages/2'],
    ['sourceName', 'House of Lords'],
    ['eventDate', '2026-03-02'],
    ['description', 'Committee of the whole House'],
    ['title', '3rd reading'],
  ] as const)(
    'stores a timeline event whose %s changed, and nothing when nothing did',
    async (field, value) => {
      const item = await buildLegalChange(t.db);
      const run = (events: MappedTimelineEvent[]) =>
        t.db.transaction((tx) => upsertTimelineEvents(tx, item.id, events));
      expect(await run([stage])).toEqual({ added: 1, updated: 0, unchanged: 0 });
      expect(await run([stage])).toEqual({ added: 0, updated: 0, unchanged: 1 });
      expect(await run([{ ...stage, [field]: value }])).toEqual({ added: 0, updated: 1, unchanged: 0 });
      const [row] = await t.db.select().from(timelineEvents).where(eq(timelineEvents.legalChangeId, item.id));
      expect(row![field]).toBe(value);
    },
  );

  it.each([
    ['publishedDate', '2026-04-01'],
    ['fileSize', 240_000],
    ['description', 'Notes on the Bill as amended in Committee'],
    ['documentType', 'impact_assessment'],
    ['fileFormat', 'HTML'],
    ['downloadUrl', 'https://bills.parliament.uk/publications/1/documents/2/download'],
    ['title', 'Explanatory Notes (amended)'],
  ] as const)('stores a document whose %s changed, and nothing when nothing did', async (field, value) => {
    const item = await buildLegalChange(t.db);
    const run = (items: MappedDocument[]) =>
      t.db.transaction((tx) => upsertDocuments(tx, item.id, items, null));
    expect(await run([doc])).toEqual({ added: 1, updated: 0, unchanged: 0 });
    expect(await run([doc])).toEqual({ added: 0, updated: 0, unchanged: 1 });
    expect(await run([{ ...doc, [field]: value }])).toEqual({ added: 0, updated: 1, unchanged: 0 });
    const [row] = await t.db.select().from(documents).where(eq(documents.legalChangeId, item.id));
    expect(row![field]).toBe(value);
  });
});
