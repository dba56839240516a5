/**
 * The sync jobs on the real job queue (pg-boss on the test database): they are scheduled from
 * SYNC_INTERVAL_MINUTES, and a member's trigger enqueues them and waits for their outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCaches } from '#server/app-caches';
import { allJobs } from '#server/jobs';
import { createJobQueue, type JobQueue } from '#server/jobs/queue';
import { loadSecrets } from '#server/lib/secrets';
import { addDays, daysBetween, ukDay } from '#server/modules/sync/legislation-gov-uk.sync';
import { sharedSyncClients } from '#server/modules/sync/sync.service';
import { buildTestApp, testConfig, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { captureLogger } from '#test/support/log-capture';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import {
  FAST_CLIENTS,
  legislationFixture,
  logPath,
  recordedBills,
  serveBills,
  serveEmptyLog,
  serveScottish,
  upstreamEnv,
} from './sync-fixtures';

const SYNC_JOBS = [
  'sync-uk-parliament',
  'sync-legislation-gov-uk',
  'sync-scottish-parliament',
  'backfill-legislation',
  'recheck-followed-bills',
];

describe.skipIf(postgresUnavailable())('sync jobs', () => {
  let database: TestDatabase;
  let replay: ReplayServer;
  let jobs: JobQueue;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer();
    const today = ukDay(new Date());
    serveBills(replay, recordedBills());
    serveEmptyLog(replay, daysBetween(addDays(today, -7), today));
    replay.route({
      path: logPath(today, 'legislation'),
      bodyFile: legislationFixture('publication-log-2026-09-24-legislation-new.feed.xml'),
    });
    serveScottish(replay);
    const config = testConfig({ ...upstreamEnv(replay), SYNC_INTERVAL_MINUTES: '30' });
    const caches = createAppCaches({ config, database });
    sharedSyncClients(caches.appScoped, config, FAST_CLIENTS); // the jobs share these clients: no pacing in tests
    const { logger } = captureLogger('sync-jobs');
    jobs = createJobQueue({
      config,
      database,
      log: logger,
      caches,
      secrets: loadSecrets(config),
      jobs: allJobs.filter((j) => SYNC_JOBS.includes(j.name)),
      work: true,
    });
    await jobs.start();
    t = await buildTestApp({
      database,
      env: upstreamEnv(replay),
      deps: { jobs, syncClientOptions: FAST_CLIENTS },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await jobs?.stop();
    await replay?.close();
    await database?.destroy();
  }, 60_000);

  it('schedules each sync from SYNC_INTERVAL_MINUTES, never more often than the source allows', async () => {
    const { rows } = await database.pool.query<{ name: string; cron: string }>(
      'select name, cron from pgboss.schedule order by name',
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.cron]))).toEqual({
      'backfill-legislation': '37 * * * *',
      'recheck-followed-bills': '23 */6 * * *',
      'sync-legislation-gov-uk': '*/30 * * * *',
      'sync-scottish-parliament': '29 * * * *',
      'sync-uk-parliament': '*/30 * * * *',
    });
    const { rows: queues } = await database.pool.query<{ name: string; policy: string }>(
      `select name, policy from pgboss.queue where name like 'sync-%'`,
    );
    expect(queues.every((q) => q.policy === 'singleton')).toBe(true);
  });

  it('a member trigger enqueues the jobs and answers their outcome', async () => {
    const member = await buildSignedInUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync-uk-legislation',
      headers: member.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ syncedCount: 26, added: 26, completed: true });
    const { rows } = await database.pool.query<{ name: string; state: string }>(
      `select name, state from pgboss.job where name in ('sync-uk-parliament', 'sync-legislation-gov-uk')`,
    );
    expect(rows.map((r) => r.state)).toEqual(['completed', 'completed']);
  }, 40_000);
});
