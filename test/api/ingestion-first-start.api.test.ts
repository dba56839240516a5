/**
 * First start: with an empty database and no reachable upstream, the bundled snapshot (317 real
 * Acts plus the recorded upstream responses) is loaded through the sync's upsert path as a
 * 'snapshot' run, the health check says so, a second start loads nothing, and the first
 * successful sync updates the same rows.
 */
import { count, eq, isNull, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, legalChanges, syncOperations, timelineEvents } from '#server/db/schema';
import { firstStart } from '#server/modules/sync/first-start';
import { runSync } from '#server/modules/sync/run-sync';
import { buildTestApp, testConfig } from '#test/support/build-test-app';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import { recordedBills, serveBills, syncContext, upstreamEnv } from './sync-fixtures';

const quiet = { info() {}, warn() {}, error() {} };
/** nothing listens on the discard port of the loopback interface: every request is refused */
const UNREACHABLE = {
  PARLIAMENT_BILLS_API_URL: 'http://127.0.0.1:9/api/v1',
  LEGISLATION_API_URL: 'http://127.0.0.1:9',
};

describe.skipIf(postgresUnavailable())('first start', () => {
  let database: TestDatabase;
  let replay: ReplayServer;
  const db = () => database.db;
  const itemCount = async () => (await db().select({ n: count() }).from(legalChanges))[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer();
  });
  afterAll(async () => {
    await replay?.close();
    await database?.destroy();
  });

  it('loads the bundled snapshot when the upstreams cannot be reached, and the health check says so', async () => {
    const result = await firstStart({
      config: testConfig(UNREACHABLE),
      db: db(),
      log: quiet,
      probeTimeoutMs: 3000,
    });
    expect(result).toMatchObject({ emptyDatabase: true, snapshotLoaded: true });
    expect(result.notes[0]).toMatch(
      /could not be reached .* bundled snapshot was loaded on \d{4}-\d{2}-\d{2}: 353 real items/,
    );
    expect(await itemCount()).toBe(353);
    const [run] = await db().select().from(syncOperations).where(eq(syncOperations.syncType, 'snapshot'));
    expect(run).toMatchObject({
      status: 'completed',
      triggeredBy: 'first-start',
      failedPrimaryRecords: 0,
      failedSecondaryRecords: 0,
    });
    expect(run!.newPrimaryRecords + run!.newSecondaryRecords).toBe(353);
    expect((run!.details as { reason: string }).reason).toMatch(/ECONNREFUSED|fetch failed|request to/);
    const [unprocessed] = await db()
      .select({ n: count() })
      .from(changeEvents)
      .where(isNull(changeEvents.processedAt));
    expect(unprocessed!.n).toBe(0);
    const act = (
      await db()
        .select()
        .from(legalChanges)
        .where(
          and(eq(legalChanges.source, 'legislation_gov_uk'), eq(legalChanges.upstreamId, 'ukpga/2025/21')),
        )
    )[0]!;
    expect(act).toMatchObject({
      title: 'Football Governance Act 2025',
      legislationType: 'ukpga',
      status: 'enacted',
    });
    const bill = (
      await db()
        .select()
        .from(legalChanges)
        .where(and(eq(legalChanges.source, 'parliament_bills'), eq(legalChanges.upstreamId, '2818')))
    )[0]!;
    expect(bill).toMatchObject({
      title: 'Abolition of Business Rates Bill',
      longTitle: 'A Bill to abolish business rates; and for connected purposes.',
    });
    expect(
      await db().select().from(timelineEvents).where(eq(timelineEvents.legalChangeId, bill.id)),
    ).toHaveLength(2);

    const t = await buildTestApp({ database, deps: { dataNotes: result.notes } });
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().notes).toEqual(result.notes);
    } finally {
      await t.close();
    }
  });

  it('does not load it again on a second start, and keeps the note until a sync succeeds', async () => {
    const again = await firstStart({ config: testConfig(UNREACHABLE), db: db(), log: quiet });
    expect(again).toMatchObject({ emptyDatabase: false, snapshotLoaded: false });
    expect(again.notes).toHaveLength(1);
    expect(await itemCount()).toBe(353);
    const runs = await db().select().from(syncOperations).where(eq(syncOperations.syncType, 'snapshot'));
    expect(runs).toHaveLength(1);
  });

  it('a later successful sync updates the same rows in place (same source and upstream id)', async () => {
    serveBills(replay, recordedBills());
    const run = await runSync(syncContext(db(), replay), 'uk-parliament', { triggeredBy: 'test' });
    expect(run.status, run.errorMessage ?? '').toBe('completed');
    expect(run.items.added).toBe(0);
    expect(run.items.updated + run.items.unchanged).toBe(20);
    expect(await itemCount()).toBe(353);
    const after = await firstStart({ config: testConfig(UNREACHABLE), db: db(), log: quiet });
    expect(after.notes).toEqual([]);
  });

  it('does not load the snapshot when an upstream answers: the first syncs fill the database', async () => {
    const fresh = await createTestDatabase();
    try {
      replay.reset();
      replay.route({ path: '/api/v1/Bills', body: { items: [], totalResults: 0, itemsPerPage: 1 } });
      const result = await firstStart({
        config: testConfig({ ...upstreamEnv(replay), LEGISLATION_API_URL: 'http://127.0.0.1:9' }),
        db: fresh.db,
        log: quiet,
      });
      expect(result).toEqual({ notes: [], emptyDatabase: true, snapshotLoaded: false });
      const [n] = await fresh.db.select({ n: count() }).from(legalChanges);
      expect(n!.n).toBe(0);
    } finally {
      await fresh.destroy();
    }
  });
});
