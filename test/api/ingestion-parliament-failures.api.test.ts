/**
 * The UK Parliament bills sync against the replay server serving the recorded Bills API
 * responses, after a first run: each kind of upstream failure ends as a recorded failure while
 * the run goes on, and a bill's amendments are synced by stage.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { amendments, monitoringLogs, syncCursors, syncOperations, userActions } from '#server/db/schema';
import { runSync } from '#server/modules/sync/run-sync';
import { recordedRun } from '#server/modules/sync/run-sync';
import { syncBillAmendments } from '#server/modules/sync/amendments.sync';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import { buildUser } from '#test/support/factories';
import {
  detailOf,
  recordedBills,
  serveAmendments,
  serveBill,
  serveBills,
  stagesOf,
  type RawBill,
} from './sync-fixtures';
import { parliamentSync } from './ingestion-parliament-setup';

describe.skipIf(postgresUnavailable())('UK Parliament bills sync', () => {
  let database: TestDatabase;
  let replay: ReplayServer;
  const bills = recordedBills();

  beforeAll(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer();
  });
  afterAll(async () => {
    await replay?.close();
    await database?.destroy();
  });

  const { db, ctx, syncBills, rowOf, eventsOf } = parliamentSync(() => ({ database, replay }));
  beforeAll(async () => {
    replay.reset();
    serveBills(replay, bills, { take: 8 });
    await syncBills();
  });

  describe('upstream failures', () => {
    const faulty: [string, Parameters<ReplayServer['fault']>[1], string][] = [
      ['500', 'status500', 'http_status'],
      ['timeout', 'timeout', 'timeout'],
      ['HTML with 200', 'html200', 'html_instead_of_data'],
      ['307 to the search page', 'redirect307', 'past_last_page'],
      ['429 with Retry-After', 'rateLimited', 'rate_limited'],
      ['truncated JSON', 'truncatedJson', 'invalid_json'],
    ];
    const world: RawBill[] = bills
      .slice(0, 8)
      .map((b, i) => ({ ...b, lastUpdate: `2026-11-${String(10 + i).padStart(2, '0')}T10:00:00` }));

    beforeEach(async () => {
      replay.reset();
      await db().delete(syncCursors);
      serveBills(replay, world, { take: 8 });
    });

    it('records each kind of failure with its type, point and attempts, and stores every other bill', async () => {
      const broken = world.slice(0, faulty.length);
      faulty.forEach(([, kind], i) =>
        replay.fault(`/api/v1/Bills/${broken[i]!.billId}`, kind, { times: 5, retryAfterSeconds: 1 }),
      );
      const run = await syncBills();
      expect(run.status).toBe('completed');
      expect(run.items.failed).toBe(faulty.length);
      expect(run.items.updated + run.items.unchanged + run.items.added).toBe(world.length - faulty.length);
      const [op] = await db().select().from(syncOperations).where(eq(syncOperations.id, run.operationId!));
      const failed = (op!.details as { detailedTracking: { failedRecords: Record<string, unknown>[] } })
        .detailedTracking.failedRecords;
      for (const [i, [label, , errorType]] of faulty.entries()) {
        const record = failed.find((f) => f.billId === String(broken[i]!.billId));
        expect(record, label).toMatchObject({
          errorType,
          failurePoint: 'bill detail',
          title: broken[i]!.shortTitle,
        });
        expect(record!.retryAttempts, label).toBeGreaterThanOrEqual(1);
      }
      expect(failed.find((f) => f.errorType === 'http_status')!.retryAttempts).toBe(2);
      const failedLogs = await db()
        .select()
        .from(monitoringLogs)
        .where(
          and(eq(monitoringLogs.syncOperationId, run.operationId!), eq(monitoringLogs.status, 'failed')),
        );
      expect(failedLogs).toHaveLength(faulty.length);
      const [cursor] = await db()
        .select()
        .from(syncCursors)
        .where(eq(syncCursors.source, 'parliament_bills'));
      expect((cursor!.cursor as { retryBillIds: number[] }).retryBillIds.sort()).toEqual(
        broken.map((b) => b.billId).sort(),
      );
    });

    it('fetches the failed bills again by id on the next run', async () => {
      const broken = world[0]!;
      replay.fault(`/api/v1/Bills/${broken.billId}`, 'status500', { times: 2 });
      const first = await syncBills();
      expect(first.items.failed).toBe(1);
      replay.clearRequests();
      const second = await syncBills();
      expect(second.items.failed).toBe(0);
      expect(replay.requestsTo(`/api/v1/Bills/${broken.billId}`)).toHaveLength(1);
      const [cursor] = await db()
        .select()
        .from(syncCursors)
        .where(eq(syncCursors.source, 'parliament_bills'));
      expect((cursor!.cursor as { retryBillIds: number[] }).retryBillIds).toEqual([]);
    });

    it('fails the run (to be retried by the queue) when the bill list itself cannot be read', async () => {
      replay.fault('/api/v1/Bills', 'status503', { times: 5 });
      const run = await syncBills();
      expect(run.status).toBe('failed');
      expect(run.errorMessage).toMatch(/503/);
      const [op] = await db().select().from(syncOperations).where(eq(syncOperations.id, run.operationId!));
      expect(op).toMatchObject({ status: 'failed' });
      expect(op!.completedAt).not.toBeNull();
    });
  });

  describe('amendments', () => {
    it('syncs every stage of a bill and keys amendments on amendmentId', async () => {
      replay.reset();
      const row = await rowOf(2818);
      const stages = [...stagesOf(bills.find((b) => b.billId === 2818)!)] as { id: number }[];
      replay.route({
        path: '/api/v1/Bills/2818/Stages',
        body: { items: stages, totalResults: stages.length, itemsPerPage: 20 },
      });
      serveAmendments(replay, 2818, 12654);
      serveAmendments(replay, 2818, 12655, []);
      const outcome = await recordedRun(ctx(), { syncType: 'amendments', triggeredBy: 'test' }, (c, run) =>
        syncBillAmendments(c, run, row.id),
      );
      expect(outcome.summary).toMatchObject({ amendmentCount: 6, newAmendments: 6, failedStages: 0 });
      expect(outcome.amendments).toEqual({ added: 6, updated: 0, unchanged: 0, failed: 0 });
      const stored = await db().select().from(amendments).where(eq(amendments.legalChangeId, row.id));
      expect(new Set(stored.map((a) => a.upstreamId)).size).toBe(6);
      expect(stored.every((a) => a.stageName === '1st reading' && a.billStageId === '12654')).toBe(true);
      const again = await recordedRun(ctx(), { syncType: 'amendments', triggeredBy: 'test' }, (c, run) =>
        syncBillAmendments(c, run, row.id),
      );
      expect(again.amendments).toEqual({ added: 0, updated: 0, unchanged: 6, failed: 0 });
      expect(again.changeEvents).toBe(0);
    });

    it('syncs the current stage amendments of a followed bill in an amendable stage during the bill sync', async () => {
      const row = await rowOf(2818);
      const member = await buildUser(db());
      await db().insert(userActions).values({ userId: member.id, legalChangeId: row.id, action: 'followed' });
      await db().delete(amendments).where(eq(amendments.legalChangeId, row.id));
      const bill = { ...bills.find((b) => b.billId === 2818)!, lastUpdate: '2026-11-22T10:00:00' };
      const committee = {
        id: 12656,
        stageId: 8,
        sessionId: 35,
        description: 'Committee stage',
        abbreviation: 'CS',
        house: 'Commons',
        stageSittings: [],
        sortOrder: 3,
      };
      replay.reset();
      serveBills(replay, [{ ...bill, currentStage: committee }], { take: 8 });
      serveBill(replay, { ...detailOf(bill), currentStage: committee }, [...stagesOf(bill), committee]);
      serveAmendments(replay, 2818, 12656);
      const run = await syncBills();
      expect(run.amendments.added).toBe(6);
      const events = await eventsOf(run.operationId);
      expect(events.map((e) => e.kind).sort()).toEqual(['amendments_added', 'stage_changed']);
    });

    it('re-checks followed bills even when their lastUpdate did not move, with their amendments', async () => {
      replay.clearRequests();
      const recheck = await runSync(ctx(), 'recheck-followed-bills', { triggeredBy: 'test' });
      expect(recheck.status, recheck.errorMessage ?? '').toBe('completed');
      expect(recheck.summary).toEqual({ bills: 1, failed: 0 });
      expect(replay.requestsTo('/api/v1/Bills/2818')).toHaveLength(1);
      expect(replay.requestsTo('/api/v1/Bills/2818/Stages/12656/Amendments')).toHaveLength(1);
      expect(recheck.items).toEqual({ added: 0, updated: 0, unchanged: 1, failed: 0 });
      expect(recheck.amendments).toEqual({ added: 0, updated: 0, unchanged: 6, failed: 0 });
    });
  });
});
