/**
 * Syncs at scale: a sync asked of a `web` process (src/server/main.ts, ROLE=web) is queued for
 * the workers and never runs there; a worker started afterwards takes it, and when that worker
 * is killed with SIGKILL in the middle of the run, the next worker completes it with every
 * item, timeline event and alert stored once. PostgreSQL only (several processes on one database).
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  alertItems,
  changeEvents,
  legalChanges,
  notifications,
  outbox,
  searchTerms,
  syncCursors,
  syncOperations,
} from '#server/db/schema';
import { csrfTokenFor } from '#server/modules/admin/admin-auth.guard';
import { PARLIAMENT_CURSOR } from '#server/modules/sync/parliament-bills.sync';
import { ADMIN_COOKIE } from '#server/plugins/session';
import type { SyncOperation, SyncOperationList } from '#shared/schemas/sync';
import { buildLegalChange, buildSession, buildUser } from '#test/support/factories';
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

const APP_SECRET = 'multi-process-sync-secret-0123456789abcdef';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 12 recorded bills, two days apart; the sync reads them oldest first. */
const world: RawBill[] = recordedBills()
  .slice(0, 12)
  .map((bill, i) => ({ ...bill, lastUpdate: `2026-10-${String(30 - 2 * i).padStart(2, '0')}T12:00:00` }));
const slow = [...world].reverse()[7]!;
const worldIds = world.map((b) => String(b.billId));

describe.runIf(inject('dbMode') === 'postgres' && !postgresUnavailable())(
  'syncs asked of a web process run on the workers',
  () => {
    let database: TestDatabase;
    let replay: ReplayServer;
    let web: ServerProcess;
    const workers: ServerProcess[] = [];
    let env: Record<string, string>;
    let admin: Record<string, string>;
    let operationId: number;

    const operationOf = async (id: number): Promise<SyncOperation | undefined> => {
      const res = await fetch(`${web.url}/api/admin/legislation-sync-cache`, { headers: admin });
      expect(res.status).toBe(200);
      return ((await res.json()) as SyncOperationList).operations.find((o) => o.id === id);
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      // one stored item: not a first start, so no bundled snapshot is loaded
      await buildLegalChange(database.db, { upstreamId: 'not-a-bill' });
      // bills were synced before (not a first load, which raises no alerts)
      await database.db.insert(syncCursors).values({
        source: PARLIAMENT_CURSOR,
        cursor: { highWaterMark: '2026-09-01T00:00:00.000Z', retryBillIds: [] },
      });
      // a member alerted to every bill: each new bill is one alert
      const member = await buildUser(database.db);
      await database.db.insert(searchTerms).values({ userId: member.id, searchTerm: 'bill' });
      replay = await startReplayServer();
      serveBills(replay, world);
      // the 8th bill's detail answers only after two minutes: the kill lands while the run waits on it
      replay.route({
        path: `/api/v1/Bills/${slow.billId}`,
        body: detailOf(slow),
        delayMs: 120_000,
        times: 1,
      });
      env = {
        DATABASE_URL: database.url,
        APP_SECRET,
        ADMIN_PASSWORD: 'multi-process-sync-admin-password',
        ...upstreamEnv(replay),
      };
      web = await startServerProcess({ ...env, ROLE: 'web' });
      const token = await buildSession(database.db, 0, { kind: 'admin', userId: null });
      admin = { cookie: `${ADMIN_COOKIE}=${token}`, 'x-csrf-token': csrfTokenFor(APP_SECRET, token) };
    }, 120_000);

    afterAll(async () => {
      for (const p of [web, ...workers]) await p?.stop('SIGTERM');
      for (const p of [web, ...workers]) {
        if (!p) continue;
        expect(p.output()).not.toMatch(/"msg":"unhandled error"/);
        expect(scanLogLines(p.output().split('\n'))).toEqual([]);
      }
      await replay?.close();
      await database?.destroy();
    }, 60_000);

    it('starts a web process on an empty database without calling an upstream source: the first start is left to the workers', async () => {
      const empty = await createTestDatabase();
      const probes = await startReplayServer();
      const fresh = await startServerProcess({
        ...env,
        DATABASE_URL: empty.url,
        ...upstreamEnv(probes),
        ROLE: 'web',
      });
      try {
        const health = await (await fetch(`${fresh.url}/api/health`)).json();
        expect(health).toMatchObject({ status: 'ok' });
        expect(probes.requests).toHaveLength(0);
        const [items] = await empty.db.select({ n: count() }).from(legalChanges);
        expect(items!.n).toBe(0);
      } finally {
        await fresh.stop('SIGTERM');
        await probes.close();
        await empty.destroy();
      }
    }, 60_000);

    it('queues the sync and calls no upstream source while no worker runs', async () => {
      const res = await fetch(`${web.url}/api/admin/sync/uk-parliament`, { method: 'POST', headers: admin });
      expect(res.status).toBe(202);
      const body = (await res.json()) as { operationId: number; status: string };
      expect(body).toMatchObject({ operationId: expect.any(Number), status: 'queued' });
      operationId = body.operationId;

      await sleep(3000);
      expect(replay.requests).toHaveLength(0);
      expect(await operationOf(operationId)).toMatchObject({
        syncType: 'uk-parliament',
        status: 'queued',
        triggeredBy: 'admin',
        worker: null,
        waitingForWorker: false,
      });
      const jobs = await database.db.execute<{ state: string }>(
        sql`select state from pgboss.job where name = 'sync-uk-parliament'`,
      );
      expect(jobs.rows.map((j) => j.state)).toEqual(['created']);
    }, 30_000);

    it('a worker started afterwards runs it; killed mid-run, the next worker completes it with everything stored once', async () => {
      const db = database.db;
      const first = await startServerProcess({ ...env, ROLE: 'worker' });
      workers.push(first);
      const running = await until(
        'the worker to take the queued operation',
        async () => {
          const op = await operationOf(operationId);
          return op?.status === 'running' && op;
        },
        30_000,
        200,
      );
      expect(running.worker).toMatch(new RegExp(`pid ${first.child.pid}$`));
      await until(
        'the slow request',
        () => replay.requestsTo(`/api/v1/Bills/${slow.billId}`).length > 0,
        60_000,
      );
      expect(await killHard(first.child)).toEqual({ code: null, signal: 'SIGKILL' });

      // upstream answers normally again; a new worker starts and takes the run up again
      serveBill(replay, detailOf(slow), stagesOf(slow));
      const second = await startServerProcess({ ...env, ROLE: 'worker' });
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
      expect(await operationOf(done.id)).toMatchObject({
        status: 'completed',
        worker: expect.stringMatching(new RegExp(`pid ${second.child.pid}$`)),
      });
      expect(await operationOf(operationId)).toMatchObject({ status: 'failed' });

      // every bill once, one 'new_item' event each, no timeline event twice
      const rows = await db
        .select({ upstreamId: legalChanges.upstreamId })
        .from(legalChanges)
        .where(inArray(legalChanges.upstreamId, worldIds));
      expect(rows.map((r) => r.upstreamId).sort()).toEqual([...worldIds].sort());
      const newItems = await db
        .select({ id: changeEvents.legalChangeId, n: count() })
        .from(changeEvents)
        .where(eq(changeEvents.kind, 'new_item'))
        .groupBy(changeEvents.legalChangeId);
      expect(newItems).toHaveLength(12);
      expect(newItems.every((r) => r.n === 1)).toBe(true);
      const doubled = await db.execute(
        sql`select legal_change_id, upstream_id from timeline_events group by 1, 2 having count(*) > 1`,
      );
      expect(doubled.rows).toEqual([]);

      // every matched bill alerted once: one notification, one alert item and one email each
      await until(
        'the alerts',
        async () =>
          (
            await db.execute<{ n: number }>(
              sql`select count(*)::int as n from change_events where processed_at is null`,
            )
          ).rows[0]!.n === 0,
        30_000,
        250,
      );
      await sleep(2000);
      const alerts = await db
        .select({ id: notifications.legislationId, n: count() })
        .from(notifications)
        .groupBy(notifications.legislationId);
      expect(alerts.length).toBeGreaterThanOrEqual(10);
      expect(alerts.every((r) => r.n === 1)).toBe(true);
      const [items] = await db.select({ n: count() }).from(alertItems);
      expect(items!.n).toBe(alerts.length);
      const [emails] = await db.select({ n: count() }).from(outbox);
      expect(emails!.n).toBe(alerts.length);
    }, 240_000);
  },
);
