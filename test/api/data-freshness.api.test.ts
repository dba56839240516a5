/**
 * What the dashboard's stale-data banner and the administrator's source lists read: the bundled
 * snapshot while no live sync has succeeded since it was loaded, each source's last run and last
 * success, and a source gone stale when it has not succeeded within its expected interval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncOperations } from '#server/db/schema';
import { firstStart } from '#server/modules/sync/first-start';
import { runSync } from '#server/modules/sync/run-sync';
import { buildTestApp, testConfig, type TestApp } from '#test/support/build-test-app';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { postgresUnavailable } from '#test/support/test-database';
import { type Admin, ADMIN_PASSWORD, adminCalls, signInAdmin } from './admin-console-setup';
import { recordedBills, serveBills, syncContext } from './sync-fixtures';

const quiet = { info() {}, warn() {}, error() {} };
/** nothing listens on the discard port of the loopback interface: every request is refused */
const UNREACHABLE = {
  PARLIAMENT_BILLS_API_URL: 'http://127.0.0.1:9/api/v1',
  LEGISLATION_API_URL: 'http://127.0.0.1:9',
};

describe.skipIf(postgresUnavailable())('data freshness', () => {
  let t: TestApp;
  let admin: Admin;
  let replay: ReplayServer;
  const { get, write } = adminCalls(() => ({ t, admin }));
  const freshness = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/data-freshness' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    replay = await startReplayServer();
    t = await buildTestApp({ env: { ADMIN_PASSWORD } });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await replay?.close();
  });

  it('with nothing synced yet and no snapshot, claims nothing is stale', async () => {
    const body = await freshness();
    expect(body).toMatchObject({ stale: false, snapshot: null });
    expect(body.sources.map((s: { kind: string }) => s.kind)).toEqual([
      'uk-parliament',
      'secondary-legislation',
      'scottish-parliament',
    ]);
    expect(body.sources[0]).toMatchObject({ lastSuccessAt: null, lastRunAt: null, stale: false });
  });

  it('says the bundled snapshot is shown, when it was loaded, and which sources are retried', async () => {
    const result = await firstStart({
      config: testConfig(UNREACHABLE),
      db: t.db,
      log: quiet,
      probeTimeoutMs: 3000,
    });
    expect(result.snapshotLoaded).toBe(true);
    const body = await freshness();
    expect(body.stale).toBe(true);
    expect(body.snapshot.items).toBe(353);
    expect(Date.parse(body.snapshot.loadedAt)).not.toBeNaN();
    // the day the snapshot was taken (its newest recorded answer), not the day it was loaded
    expect(body.snapshot.takenAt).toBe('2026-09-24');
    expect(body.sources.every((s: { stale: boolean }) => s.stale)).toBe(true);
  });

  it('goes once a live sync succeeds, with that source last updated then', async () => {
    serveBills(replay, recordedBills());
    const run = await runSync(syncContext(t.db, replay), 'uk-parliament', { triggeredBy: 'test' });
    expect(run.status, run.errorMessage ?? '').toBe('completed');
    const body = await freshness();
    expect(body).toMatchObject({ stale: false, snapshot: null });
    const uk = body.sources.find((s: { kind: string }) => s.kind === 'uk-parliament');
    expect(uk).toMatchObject({ lastRunStatus: 'completed', stale: false });
    expect(uk.lastSuccessAt).toBe(uk.lastRunAt);
  });

  it('a source whose last success is older than its interval and grace is stale again', async () => {
    const hoursAgo = (n: number) => new Date(Date.now() - n * 3600_000);
    await t.db.insert(syncOperations).values([
      {
        syncType: 'secondary-legislation',
        status: 'completed',
        startedAt: hoursAgo(5),
        completedAt: hoursAgo(5),
      },
      {
        syncType: 'secondary-legislation',
        status: 'failed',
        startedAt: hoursAgo(1),
        completedAt: hoursAgo(1),
        errorMessage: 'fetch failed',
      },
    ]);
    const body = await freshness();
    expect(body.stale).toBe(true);
    expect(body.snapshot).toBeNull();
    const si = body.sources.find((s: { kind: string }) => s.kind === 'secondary-legislation');
    expect(si).toMatchObject({ stale: true, lastRunStatus: 'failed', expectedIntervalMinutes: 60 });
    expect(Date.parse(si.lastSuccessAt)).toBeLessThan(Date.parse(si.lastRunAt));
  });

  it('the administrator sees every sync with its last success, effects included, and can run the effects sync', async () => {
    const started = await write('POST', '/api/admin/sync/effects');
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: 'queued' });
    const { operationId } = started.json();
    await expect
      .poll(
        async () => {
          const cache = (await get('/api/admin/legislation-sync-cache')).json();
          return cache.operations.find((o: { id: number }) => o.id === operationId)?.status;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe('completed');
    const cache = (await get('/api/admin/legislation-sync-cache')).json();
    expect(cache.sources.map((s: { kind: string }) => s.kind)).toEqual([
      'uk-parliament',
      'secondary-legislation',
      'scottish-parliament',
      'effects',
    ]);
    const effects = cache.sources.find((s: { kind: string }) => s.kind === 'effects');
    expect(effects).toMatchObject({ lastRunStatus: 'completed', expectedIntervalMinutes: 180, stale: false });
    expect(effects.lastSuccessAt).not.toBeNull();
    expect(cache.operations.find((o: { id: number }) => o.id === operationId).syncType).toBe('effects');
  });

  it('refuses an unknown sync kind with a 400 and a member without the console with a 401', async () => {
    expect((await write('POST', '/api/admin/sync/everything')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/sync/effects' });
    expect([401, 403]).toContain(anonymous.statusCode);
  });
});
