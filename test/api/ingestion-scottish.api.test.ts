/**
 * The Scottish Parliament sync against the replay server serving the (constructed) whole
 * collections: row hashes are diffed against upstream_snapshots, so only new or changed bills
 * are written, and a malformed row is recorded and left out.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeEvents,
  legalChanges,
  syncOperations,
  timelineEvents,
  upstreamSnapshots,
} from '#server/db/schema';
import { runSync } from '#server/modules/sync/run-sync';
import { fixtureJson } from '#test/fixtures/sources/load';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import { serveScottish, syncContext } from './sync-fixtures';

describe.skipIf(postgresUnavailable())('Scottish Parliament sync', () => {
  let database: TestDatabase;
  let replay: ReplayServer;
  const db = () => database.db;
  const sync = () => runSync(syncContext(db(), replay), 'scottish-parliament', { triggeredBy: 'test' });
  const rowOf = async (id: string) =>
    (
      await db()
        .select()
        .from(legalChanges)
        .where(and(eq(legalChanges.source, 'scottish_parliament'), eq(legalChanges.upstreamId, id)))
    )[0]!;
  const stages = fixtureJson<Record<string, unknown>[]>('scottish-parliament', 'billstages.json');

  beforeAll(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer();
  });
  afterAll(async () => {
    await replay?.close();
    await database?.destroy();
  });

  it('stores every bill of a first run with its stages as the timeline, and a hash per bill', async () => {
    serveScottish(replay);
    const run = await sync();
    expect(run.status, run.errorMessage ?? '').toBe('completed');
    expect(run.items).toEqual({ added: 3, updated: 0, unchanged: 0, failed: 0 });
    expect(await rowOf('902')).toMatchObject({
      title: 'Parks & Greenspaces (Scotland) Bill',
      longTitle: 'Parks and Greenspaces (Scotland) Bill [as introduced]',
      category: 'primary',
      legislationType: 'scottish_parliament_bill',
      status: 'active',
      currentStage: 'Introduced',
      currentStageDate: '2023-03-14',
      parliamentarySession: 'Session 6 (2021-)',
      scottishBillReference: 'SP Bill 902',
      shortName: 'Parks & Greenspaces (Scotland) Bill',
      proposedDate: '2023-03-14',
      officialUrl: 'https://www.parliament.scot/bills-and-laws/bills/parks-and-greenspaces-scotland-bill',
    });
    expect(await rowOf('903')).toMatchObject({
      thirdPartyOrganisation: 'Example Harbour Trust',
      defeated: true,
      currentStage: 'Bill fell',
    });
    const enacted = await rowOf('901');
    expect(enacted).toMatchObject({
      status: 'enacted',
      enactmentDate: '2022-04-05',
      currentStage: 'Royal Assent',
    });
    const timeline = await db()
      .select()
      .from(timelineEvents)
      .where(eq(timelineEvents.legalChangeId, enacted.id))
      .orderBy(timelineEvents.sortOrder);
    expect(timeline.map((e) => [e.upstreamId, e.title, e.eventDate, e.eventType, e.sourceName])).toEqual([
      ['stage:5001', 'Introduced', '2021-06-01', 'proposed', 'Scottish Parliament'],
      ['stage:5002', 'Stage 1 debate', '2021-11-09', 'other', 'Scottish Parliament'],
      ['stage:5003', 'Stage 2 completed', '2022-01-18', 'other', 'Scottish Parliament'],
      ['stage:5004', 'Stage 3 passed', '2022-02-24', 'other', 'Scottish Parliament'],
      ['stage:5005', 'Royal Assent', '2022-04-05', 'enacted', 'Scottish Parliament'],
    ]);
    const hashes = await db()
      .select()
      .from(upstreamSnapshots)
      .where(eq(upstreamSnapshots.source, 'scottish_parliament'));
    expect(hashes.map((h) => h.upstreamId).sort()).toEqual(['901', '902', '903']);
    const [op] = await db().select().from(syncOperations).where(eq(syncOperations.id, run.operationId!));
    expect(op).toMatchObject({ syncType: 'scottish-parliament', newPrimaryRecords: 3 });
  });

  it('an identical run writes nothing and reports every bill unchanged', async () => {
    const before = await rowOf('902');
    const run = await sync();
    expect(run.items).toEqual({ added: 0, updated: 0, unchanged: 3, failed: 0 });
    expect(run.changeEvents).toBe(0);
    expect((await rowOf('902')).updatedAt).toEqual(before.updatedAt);
  });

  it('a new stage row is a stage change of that bill only', async () => {
    replay.reset();
    serveScottish(replay, {
      billstages: [
        ...stages,
        { ID: 5103, BillID: 902, BillStageTypeID: 7, StageDate: '2026-11-18T00:00:00' },
      ],
    });
    const run = await sync();
    expect(run.items).toEqual({ added: 0, updated: 1, unchanged: 2, failed: 0 });
    const events = await db()
      .select()
      .from(changeEvents)
      .where(eq(changeEvents.syncOperationId, run.operationId!));
    expect(events.map((e) => [e.kind, e.after])).toEqual([
      ['stage_changed', { stage: 'Stage 1 evidence & report', house: null, date: '2026-11-18' }],
    ]);
    expect(events[0]!.processedAt).toBeNull();
  });

  it('records a malformed row as a failure and stores the rest', async () => {
    const bills = fixtureJson<Record<string, unknown>[]>('scottish-parliament', 'bills.json');
    replay.reset();
    serveScottish(replay, {
      bills: [
        ...bills,
        { ID: 'not-a-number', ShortName: 'Broken Bill' },
        {
          ID: 904,
          Reference: 'SP Bill 904',
          ShortName: 'Example Water (Scotland) Bill',
          FullName: null,
          BillTypeID: 1,
          PersonID: null,
          ThirdPartyOrganisation: null,
        },
      ],
      billstages: [
        ...stages,
        { ID: 5103, BillID: 902, BillStageTypeID: 7, StageDate: '2026-11-18T00:00:00' },
        { ID: 5301, BillID: 904, BillStageTypeID: 1, StageDate: '2026-11-20T00:00:00' },
      ],
    });
    const run = await sync();
    expect(run.status).toBe('completed');
    expect(run.items).toEqual({ added: 1, updated: 0, unchanged: 3, failed: 1 });
    const [op] = await db().select().from(syncOperations).where(eq(syncOperations.id, run.operationId!));
    const failed = (op!.details as { detailedTracking: { failedRecords: Record<string, unknown>[] } })
      .detailedTracking.failedRecords;
    expect(failed).toEqual([
      expect.objectContaining({
        title: 'Bill not-a-number',
        errorType: 'schema_mismatch',
        failurePoint: '/bills',
      }),
    ]);
    expect(await rowOf('904')).toMatchObject({
      title: 'Example Water (Scotland) Bill',
      currentStage: 'Introduced',
    });
  });
});
