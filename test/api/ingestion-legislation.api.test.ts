/**
 * The legislation.gov.uk sync against the replay server: the recorded Publication Log pages of
 * 2026-09-24 (the unfiltered page 1, whose 'changes' events must not be stored, then the
 * recorded page of new legislation), the constructed draft log and CLML documents, and the
 * listing backfill with its cursor per type.
 */
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, legalChanges, syncCursors, syncOperations, timelineEvents } from '#server/db/schema';
import { runSync } from '#server/modules/sync/run-sync';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import { legislationFixture, logPath, serveEmptyLog, syncContext } from './sync-fixtures';

const NOW = new Date('2026-09-24T18:00:00Z');
const DAYS = [
  '2026-09-18',
  '2026-09-19',
  '2026-09-20',
  '2026-09-21',
  '2026-09-22',
  '2026-09-23',
  '2026-09-24',
];

/** Constructed, not recorded: one Publication Log event of the example SI whose CLML is constructed too, and a 'changes' event. */
const CONSTRUCTED_DAY = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:openSearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:leg="http://www.legislation.gov.uk/namespaces/legislation" xmlns:ukm="http://www.legislation.gov.uk/namespaces/metadata" xmlns:pbl="http://www.legislation.gov.uk/namespaces/publication-log"><title>Publication Log</title><openSearch:totalResults>2</openSearch:totalResults><openSearch:itemsPerPage>20</openSearch:itemsPerPage><leg:page>1</leg:page><leg:morePages>0</leg:morePages>
<entry><id>http://www.legislation.gov.uk/uksi/2026/9001/made/data.xml/published/2026-09-20T10:00:00.000000+01:00</id><dc:identifier>http://www.legislation.gov.uk/id/uksi/2026/9001</dc:identifier><title>The Example Services (Amendment) Regulations 2026</title><author><name>King's Printer of Acts of Parliament</name></author><updated>2026-09-20T10:00:00.000000+01:00</updated><ukm:DocumentCategory Value="secondary"/><ukm:DocumentMainType Value="UnitedKingdomStatutoryInstrument"/><ukm:Year Value="2026"/><ukm:Number Value="9001"/><pbl:ContentType>legislation</pbl:ContentType><pbl:Event>published</pbl:Event><pbl:New>true</pbl:New><pbl:Format>xml</pbl:Format><dc:language>en</dc:language></entry>
<entry><id>http://www.legislation.gov.uk/changes/affecting/uksi/2026/9003/published/2026-09-20T09:00:00.000000+01:00</id><dc:identifier>http://www.legislation.gov.uk/id/uksi/2026/9003</dc:identifier><title>The Example Only-Changes Order 2026</title><updated>2026-09-20T09:00:00.000000+01:00</updated><ukm:DocumentMainType Value="UnitedKingdomStatutoryInstrument"/><ukm:Year Value="2026"/><ukm:Number Value="9003"/><pbl:ContentType>changes</pbl:ContentType><pbl:Event>published</pbl:Event></entry>
</feed>`;

describe.skipIf(postgresUnavailable())('legislation.gov.uk sync', () => {
  let database: TestDatabase;
  let replay: ReplayServer;
  const db = () => database.db;
  const ctx = () => syncContext(db(), replay, { now: NOW });
  const sync = () => runSync(ctx(), 'secondary-legislation', { triggeredBy: 'test' });
  const rowOf = async (upstreamId: string) =>
    (
      await db()
        .select()
        .from(legalChanges)
        .where(and(eq(legalChanges.source, 'legislation_gov_uk'), eq(legalChanges.upstreamId, upstreamId)))
    )[0];

  function serveWorld() {
    replay.reset();
    serveEmptyLog(replay, DAYS);
    replay.route({
      path: logPath('2026-09-24', 'legislation'),
      bodyFile: legislationFixture('publication-log-2026-09-24.feed.xml'),
    });
    replay.route({
      path: logPath('2026-09-24', 'legislation', 2),
      bodyFile: legislationFixture('publication-log-2026-09-24-legislation-new.feed.xml'),
    });
    replay.route({
      path: logPath('2026-09-18', 'draft'),
      bodyFile: legislationFixture('constructed-publication-log-draft.feed.xml'),
    });
    replay.route({ path: logPath('2026-09-20', 'legislation'), body: CONSTRUCTED_DAY });
    replay.route({
      path: '/uksi/2026/9001/data.xml',
      bodyFile: legislationFixture('constructed-uksi-made-data.xml'),
    });
    replay.route({
      path: '/ukdsi/2026/9780000090005/data.xml',
      bodyFile: legislationFixture('constructed-ukdsi-draft-data.xml'),
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer();
  });
  afterAll(async () => {
    await replay?.close();
    await database?.destroy();
  });

  describe('a first run', () => {
    let first: Awaited<ReturnType<typeof sync>>;
    beforeAll(async () => {
      serveWorld();
      first = await sync();
    });

    it('reads the last 7 days, page by page, and stores each item of a legislation or draft event once', async () => {
      expect(first.status, first.errorMessage ?? '').toBe('completed');
      expect(first.summary.dateRange).toEqual({ start: '2026-09-18', end: '2026-09-24' });
      // 4 republished items + 6 new ones on the 24th, 2 drafts on the 18th, 1 on the 20th
      expect(first.items).toEqual({ added: 13, updated: 0, unchanged: 0, failed: 0 });
      const [op] = await db().select().from(syncOperations).where(eq(syncOperations.id, first.operationId!));
      expect(op).toMatchObject({ newPrimaryRecords: 1, newSecondaryRecords: 12, failedSecondaryRecords: 0 });
      expect(await rowOf('uksi/2026/9003')).toBeUndefined(); // only a 'changes' event
      const [stored] = await db()
        .select({ n: count() })
        .from(legalChanges)
        .where(eq(legalChanges.source, 'legislation_gov_uk'));
      expect(stored!.n).toBe(13);
      expect(
        replay.requestsTo('/update/2026-09-24/legislation/data.feed').map((r) => r.query.page ?? '1'),
      ).toEqual(['1', '2']);
      const [cursor] = await db()
        .select()
        .from(syncCursors)
        .where(eq(syncCursors.source, 'legislation_gov_uk'));
      expect(cursor!.cursor).toEqual({ lastSyncedDay: '2026-09-24', retryItems: [] });
    });

    it('maps every field of an instrument from its event and CLML metadata, with its timeline', async () => {
      const row = (await rowOf('uksi/2026/9001'))!;
      expect(row).toMatchObject({
        title: 'The Example Services (Amendment) Regulations 2026',
        longTitle: null,
        description:
          'These Regulations amend the Example Services Regulations 2020 to update the information traders must give consumers.',
        category: 'secondary',
        legislationType: 'uksi',
        status: 'enacted',
        jurisdictionId: 1,
        legislationYear: 2026,
        legislationNumber: '9001',
        isbn: '9780000090012',
        siNumber: '2026 No. 9001',
        subject: 'CONSUMER PROTECTION',
        isDraft: false,
        madeDate: '2026-09-10',
        // an instrument is made, not enacted; its item date is the made date
        enactmentDate: null,
        dateLaid: '2026-09-14',
        effectiveDate: '2026-10-05',
        officialUrl: 'https://www.legislation.gov.uk/uksi/2026/9001',
        itemDate: '2026-09-10',
        itemDateKind: 'made',
      });
      expect(row.lastUpdatedDate?.toISOString()).toBe('2026-09-20T09:00:00.000Z');
      const timeline = await db()
        .select()
        .from(timelineEvents)
        .where(eq(timelineEvents.legalChangeId, row.id))
        .orderBy(timelineEvents.sortOrder);
      expect(timeline.map((e) => [e.title, e.eventDate, e.eventType])).toEqual([
        ['Made', '2026-09-10', 'enacted'],
        ['Laid before the UK Parliament', '2026-09-14', 'other'],
        ['Comes into force', '2026-10-05', 'effective'],
        ['Comes into force', '2027-04-06', 'effective'],
      ]);
      const draft = (await rowOf('ukdsi/2026/9780000090005'))!;
      expect(draft).toMatchObject({
        legislationType: 'ukdsi',
        isDraft: true,
        status: 'proposed',
        isbn: '9780000090005',
        category: 'secondary',
      });
      const act = (await rowOf('ukpga/1991/22'))!;
      expect(act).toMatchObject({ category: 'primary', legislationType: 'ukpga', status: 'enacted' });
      const pdfOnly = (await rowOf('ssi/2026/267'))!;
      expect(pdfOnly).toMatchObject({
        title: 'The Criminal Legal Assistance (Miscellaneous Amendment) (Scotland) Regulations 2026',
        legislationType: 'ssi',
        siNumber: '2026 No. 267',
      });
    });

    it('an identical run re-reads only the last synced day and reports everything unchanged without fetching metadata', async () => {
      replay.clearRequests();
      const again = await sync();
      expect(again.summary.dateRange).toEqual({ start: '2026-09-24', end: '2026-09-24' });
      expect(again.items).toEqual({ added: 0, updated: 0, unchanged: 10, failed: 0 });
      expect(replay.requests.filter((r) => r.path.endsWith('/data.xml'))).toEqual([]);
      expect(again.changeEvents).toBe(0);
      expect(
        await db().select().from(changeEvents).where(eq(changeEvents.syncOperationId, again.operationId!)),
      ).toEqual([]);
    });
  });

  describe('upstream failures', () => {
    it('records malformed XML, a WAF page and a 500 as failures, keeps going, and retries those items next run', async () => {
      serveWorld();
      await db().delete(legalChanges).where(eq(legalChanges.source, 'legislation_gov_uk'));
      await db().delete(syncCursors);
      replay.fault('/uksi/2026/1050/data.xml', 'malformedXml', { times: 3 });
      replay.fault('/ssi/2026/268/data.xml', 'html200', { times: 3 });
      replay.fault('/uksi/2026/1048/data.xml', 'status500', { times: 3 });
      replay.fault('/update/2026-09-21/legislation/data.feed', 'truncatedJson', { times: 3 });
      const run = await sync();
      expect(run.status).toBe('completed');
      expect(run.items).toMatchObject({ added: 10, failed: 4 });
      const [op] = await db().select().from(syncOperations).where(eq(syncOperations.id, run.operationId!));
      const failed = (op!.details as { detailedTracking: { failedRecords: Record<string, unknown>[] } })
        .detailedTracking.failedRecords;
      expect(failed.map((f) => [f.billId ?? f.title, f.errorType, f.failurePoint])).toEqual(
        expect.arrayContaining([
          ['uksi/2026/1050', 'invalid_xml', 'item metadata'],
          ['ssi/2026/268', 'html_instead_of_data', 'item metadata'],
          ['uksi/2026/1048', 'http_status', 'item metadata'],
          ['Publication Log 2026-09-21 (legislation, page 1)', 'invalid_xml', 'publication log page'],
        ]),
      );
      const [cursor] = await db()
        .select()
        .from(syncCursors)
        .where(eq(syncCursors.source, 'legislation_gov_uk'));
      const state = cursor!.cursor as { lastSyncedDay: string; retryItems: { identifier: string }[] };
      expect(state.lastSyncedDay).toBe('2026-09-20'); // the 21st could not be read
      expect(state.retryItems.map((r) => r.identifier).sort()).toEqual([
        'http://www.legislation.gov.uk/id/ssi/2026/268',
        'http://www.legislation.gov.uk/id/uksi/2026/1048',
        'http://www.legislation.gov.uk/id/uksi/2026/1050',
      ]);

      replay.clearFaults();
      const next = await sync();
      expect(next.items.failed).toBe(0);
      expect(await rowOf('uksi/2026/1050')).toMatchObject({ title: 'The Firearms (Amendment) Rules 2026' });
      expect(await rowOf('ssi/2026/268')).toBeDefined();
      const [after] = await db()
        .select()
        .from(syncCursors)
        .where(eq(syncCursors.source, 'legislation_gov_uk'));
      expect(after!.cursor).toEqual({ lastSyncedDay: '2026-09-24', retryItems: [] });
    });
  });

  describe('listing backfill', () => {
    it('reads a few pages per type per run, keeps a cursor per type and stores new items without alerts', async () => {
      replay.reset();
      replay.route({
        path: '/ukpga/data.feed',
        bodyFile: legislationFixture('search-type-ukpga-2018-12.feed.xml'),
      });
      replay.route({
        path: '/asc/data.feed',
        query: 'sort=published&results-count=100',
        bodyFile: legislationFixture('listing-anaw-2016-results-count-3-bilingual.feed.xml'),
      });
      replay.route({
        path: '/asc/data.feed',
        query: 'sort=published&results-count=100&page=2',
        bodyFile: legislationFixture('listing-ukpga-2018-scotland-zero-hits.feed.xml'),
      });
      const options = { types: ['ukpga', 'asc'], pagesPerType: 1 };
      const first = await runSync(ctx(), 'backfill-legislation', { triggeredBy: 'test', options });
      expect(first.status, first.errorMessage ?? '').toBe('completed');
      expect(first.items.added).toBe(4);
      expect(await rowOf('ukpga/2018/12')).toMatchObject({
        title: 'Data Protection Act 2018',
        legislationType: 'ukpga',
      });
      expect(await rowOf('anaw/2016/4')).toMatchObject({ legislationType: 'asc', category: 'primary' });
      const cursors = await db()
        .select()
        .from(syncCursors)
        .where(like(syncCursors.source, 'legislation_backfill:%'));
      expect(Object.fromEntries(cursors.map((c) => [c.source, c.cursor]))).toEqual({
        'legislation_backfill:ukpga': { nextPage: 2, done: true, stored: 1 },
        'legislation_backfill:asc': { nextPage: 2, done: false, stored: 3 },
      });
      const events = await db()
        .select()
        .from(changeEvents)
        .where(eq(changeEvents.syncOperationId, first.operationId!));
      expect(events.length).toBe(4);
      expect(events.every((e) => e.processedAt !== null)).toBe(true);

      replay.clearRequests();
      const second = await runSync(ctx(), 'backfill-legislation', { triggeredBy: 'test', options });
      expect(second.items.added).toBe(0);
      expect(replay.requests.map((r) => `${r.path}?${new URLSearchParams(r.query).toString()}`)).toEqual([
        '/asc/data.feed?sort=published&results-count=100&page=2',
      ]);
      const [asc] = await db()
        .select()
        .from(syncCursors)
        .where(eq(syncCursors.source, 'legislation_backfill:asc'));
      expect(asc!.cursor).toEqual({ nextPage: 3, done: true, stored: 3 });
    });
  });
});
