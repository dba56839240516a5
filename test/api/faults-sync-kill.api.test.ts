/**
 * Fault suite: the worker process (src/server/main.ts, ROLE=worker) killed with SIGKILL in the
 * middle of a sync run, while it waits on a slow upstream answer (the replay server of recorded
 * Bills API responses), then started again. Its job was left 'active' in the queue and its run
 * 'running': the new worker hands the job back (no living runner holds its claim), the run is
 * taken over and completes, and every bill is stored exactly once. PostgreSQL only (several
 * processes on one database).
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changeEvents, legalChanges, syncOperations, timelineEvents } from '#server/db/schema';
import { syncUkParliamentJob } from '#server/jobs/sync-uk-parliament.job';
import { buildLegalChange } from '#test/support/factories';
import { killHard, until } from '#test/support/fault-kit';
import { scanLogLines } from '#test/support/log-capture';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { startServerProcess, type ServerProcess } from '#test/support/server-process';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import {
  detailOf,
  recordedBills,
  serveBill,
  serveBills,
  stagesOf,
  upstreamEnv,
  type RawBill,
} from './sync-fixtures';

/** 12 recorded bills, two days apart; the sync reads them oldest first. */
const world: RawBill[] = recordedBills()
  .slice(0, 12)
  .map((bill, i) => ({ ...bill, lastUpdate: `2026-10-${String(30 - 2 * i).padStart(2, '0')}T12:00:00` }));
const slow = [...world].reverse()[7]!;
const worldIds = world.map((b) => String(b.billId));

describe.runIf(inject('dbMode') === 'postgres' && !postgresUnavailable())(
  'a worker killed in the middle of a sync run',
  () => {
    let database: TestDatabase;
    let replay: ReplayServer;
    let boss: PgBoss;
    const workers: ServerProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      // one stored item: not a first start, so no bundled snapshot is loaded
      await buildLegalChange(database.db, { upstreamId: 'not-a-bill' });
      replay = await startReplayServer();
      serveBills(replay, world);
      // the 8th bill's detail answers only after two minutes: the kill lands while the run waits on it
      replay.route({
        path: `/api/v1/Bills/${slow.billId}`,
        body: detailOf(slow),
        delayMs: 120_000,
        times: 1,
      });
      boss = new PgBoss({
        connectionString: database.url,
        schema: 'pgboss',
        supervise: false,
        schedule: false,
      });
      boss.on('error', () => {});
    }, 60_000);

    afterAll(async () => {
      await boss?.stop({ graceful: false, wait: true }).catch(() => {});
      for (const w of workers) await w.stop('SIGTERM');
      for (const w of workers) expect(scanLogLines(w.output().split('\n'))).toEqual([]);
      await replay?.close();
      await database?.destroy();
    }, 60_000);

    it('hands the dead run back to the queue on restart; the run completes with every bill stored once', async () => {
      const db = database.db;
      const env = { DATABASE_URL: database.url, ROLE: 'worker', ...upstreamEnv(replay) };
      const first = await startServerProcess(env);
      workers.push(first);
      await boss.start();
      const jobId = await boss.send(syncUkParliamentJob.name, { triggeredBy: 'test' });
      expect(jobId).toBeTruthy();

      await until(
        'the slow request',
        () => replay.requestsTo(`/api/v1/Bills/${slow.billId}`).length > 0,
        60_000,
      );
      const [storedBefore] = await db
        .select({ n: count() })
        .from(legalChanges)
        .where(inArray(legalChanges.upstreamId, worldIds));
      expect(storedBefore!.n, first.output()).toBe(7);
      expect(await killHard(first.child)).toEqual({ code: null, signal: 'SIGKILL' });

      const [killedRun] = await db
        .select()
        .from(syncOperations)
        .where(eq(syncOperations.syncType, 'uk-parliament'));
      expect(killedRun).toMatchObject({ status: 'running' });
      const active = await db.execute<{ state: string }>(
        sql`select state from pgboss.job where id = ${jobId}`,
      );
      expect(active.rows[0]?.state).toBe('active');

      // upstream answers normally again; a new worker starts
      serveBill(replay, detailOf(slow), stagesOf(slow));
      const second = await startServerProcess(env);
      workers.push(second);

      const done = await until(
        'the run to complete',
        async () => {
          const runs = await db
            .select()
            .from(syncOperations)
            .where(eq(syncOperations.syncType, 'uk-parliament'));
          return runs.find((r) => r.status === 'completed');
        },
        90_000,
        250,
      );
      expect(done.id).not.toBe(killedRun!.id);
      await second.waitFor(/job of a stopped worker handed back to the queue/, 5_000);
      await until(
        'the job to be completed',
        async () =>
          (await db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${jobId}`)).rows[0]
            ?.state === 'completed',
        30_000,
        200,
      );

      // every bill exactly once, one 'new_item' event each, no duplicate stage
      const rows = await db
        .select({ upstreamId: legalChanges.upstreamId })
        .from(legalChanges)
        .where(inArray(legalChanges.upstreamId, worldIds));
      expect(rows.map((r) => Number(r.upstreamId)).sort((a, b) => a - b)).toEqual(
        world.map((b) => b.billId).sort((a, b) => a - b),
      );
      const newItems = await db
        .select({ id: changeEvents.legalChangeId, n: count() })
        .from(changeEvents)
        .where(eq(changeEvents.kind, 'new_item'))
        .groupBy(changeEvents.legalChangeId);
      expect(newItems).toHaveLength(12);
      expect(newItems.every((r) => r.n === 1)).toBe(true);
      const doubled = await db.execute(
        sql`select legal_change_id, upstream_id from ${timelineEvents} group by 1, 2 having count(*) > 1`,
      );
      expect(doubled.rows).toEqual([]);
      const [dead] = await db.select().from(syncOperations).where(eq(syncOperations.id, killedRun!.id));
      expect(dead!.status).toBe('failed');
      expect(second.output()).not.toMatch(/"msg":"unhandled error"/);
    }, 150_000);
  },
);
