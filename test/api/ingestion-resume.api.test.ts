/**
 * A sync killed with SIGKILL half-way (a real child process, stopped while it waits on a slow
 * upstream response) is completed by the next run: every bill stored once, none lost, no
 * duplicate rows or change events, the dead run closed as failed and its lease taken over.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, legalChanges, syncCursors, syncOperations, timelineEvents } from '#server/db/schema';
import { runSync } from '#server/modules/sync/run-sync';
import { parseUkTimestamp } from '#server/sources/common/uk-time';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import {
  detailOf,
  recordedBills,
  serveBill,
  serveBills,
  stagesOf,
  syncContext,
  type RawBill,
} from './sync-fixtures';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** 12 recorded bills, updated two days apart, so the overlap window holds only the cursor's own bill. */
const world: RawBill[] = recordedBills()
  .slice(0, 12)
  .map((bill, i) => ({ ...bill, lastUpdate: `2026-10-${String(30 - 2 * i).padStart(2, '0')}T12:00:00` }));
const oldestFirst = [...world].reverse();
const slow = oldestFirst[7]!;

async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(postgresUnavailable())('a sync killed half-way', () => {
  let database: TestDatabase;
  let replay: ReplayServer;
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer();
    serveBills(replay, world);
    replay.route({ path: `/api/v1/Bills/${slow.billId}`, body: detailOf(slow), delayMs: 120_000, times: 1 });
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await replay?.close();
    await database?.destroy();
  });

  it('is completed by the next run with no duplicate and no lost item', async () => {
    const db = database.db;
    child = spawn(process.execPath, ['--import', 'tsx', 'test/support/sync-child.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        SYNC_DATABASE_URL: database.url,
        SYNC_UPSTREAM_URL: replay.url,
        SYNC_KIND: 'uk-parliament',
        SYNC_OPTIONS: JSON.stringify({ checkpointEvery: 3 }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));

    // the child has stored the 7 older bills and now waits on the slow one
    await until(
      'the slow request',
      () => replay.requestsTo(`/api/v1/Bills/${slow.billId}`).length > 0,
      60_000,
    );
    const [stored] = await db.select({ n: count() }).from(legalChanges);
    expect(stored!.n, output).toBe(7);
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });

    const killedRun = Number(/started (\d+)/.exec(output)?.[1]);
    const [before] = await db.select().from(syncOperations).where(eq(syncOperations.id, killedRun));
    expect(before).toMatchObject({ status: 'running', newPrimaryRecords: 6 }); // checkpointed after 3 and 6
    const [cursor] = await db.select().from(syncCursors).where(eq(syncCursors.source, 'parliament_bills'));
    expect(cursor!.cursor).toEqual({
      highWaterMark: parseUkTimestamp(oldestFirst[5]!.lastUpdate)!.toISOString(),
      retryBillIds: [],
    });

    serveBill(replay, detailOf(slow), stagesOf(slow));
    replay.clearRequests();
    const next = await runSync(syncContext(db, replay), 'uk-parliament', { triggeredBy: 'test' });
    expect(next.status, next.errorMessage ?? '').toBe('completed');
    // from the cursor's bill on: the 6th and 7th are read again and unchanged, the last 5 are new
    expect(next.items).toEqual({ added: 5, updated: 0, unchanged: 2, failed: 0 });
    expect(replay.requests.filter((r) => /^\/api\/v1\/Bills\/\d+$/.test(r.path))).toHaveLength(7);

    const rows = await db.select({ upstreamId: legalChanges.upstreamId }).from(legalChanges);
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
    const timeline = await db.execute(
      sql`select legal_change_id, upstream_id, count(*)::int as n from ${timelineEvents} group by 1, 2 having count(*) > 1`,
    );
    expect(timeline.rows).toEqual([]);

    const [dead] = await db.select().from(syncOperations).where(eq(syncOperations.id, killedRun));
    expect(dead).toMatchObject({
      status: 'failed',
      errorMessage: 'The run stopped before it finished; the next run resumed its work.',
    });
    const [after] = await db.select().from(syncCursors).where(eq(syncCursors.source, 'parliament_bills'));
    expect((after!.cursor as { highWaterMark: string }).highWaterMark).toBe(
      parseUkTimestamp(world[0]!.lastUpdate)!.toISOString(),
    );
    const locks = await db.select().from(syncCursors).where(eq(syncCursors.source, 'lock:uk-parliament'));
    expect(locks).toEqual([]);
  }, 120_000);
});
