/**
 * Following an Act asks the workers (the real job queue) for a quiet first read of its
 * effects: they are stored within moments, raise no alert, and the Effects list says when
 * legislation.gov.uk was last checked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCaches } from '#server/app-caches';
import { changeEvents, legalChangeEffects } from '#server/db/schema';
import { allJobs } from '#server/jobs';
import { createJobQueue, SYNC_EFFECTS_JOB, type JobQueue } from '#server/jobs/queue';
import { loadSecrets } from '#server/lib/secrets';
import { sharedSyncClients } from '#server/modules/sync/sync.service';
import { buildTestApp, testConfig, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { captureLogger } from '#test/support/log-capture';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import { type Admin, ADMIN_PASSWORD, adminCalls, signInAdmin } from './admin-console-setup';
import { FAST_CLIENTS, upstreamEnv } from './sync-fixtures';
import { DPA_FEED, DPA_PATH, buildDataProtectionAct } from './data-protection-act';

describe.skipIf(postgresUnavailable())('a follow reads the effects now', () => {
  let database: TestDatabase;
  let replay: ReplayServer;
  let jobs: JobQueue;
  let t: TestApp;
  let admin: Admin;
  const { get, write } = adminCalls(() => ({ t, admin }));

  beforeAll(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer();
    replay.route({ path: DPA_PATH, bodyFile: DPA_FEED });
    const config = testConfig(upstreamEnv(replay));
    const caches = createAppCaches({ config, database });
    sharedSyncClients(caches.appScoped, config, FAST_CLIENTS);
    const { logger } = captureLogger('effects-follow');
    jobs = createJobQueue({
      config,
      database,
      log: logger,
      caches,
      secrets: loadSecrets(config),
      jobs: allJobs.filter((j) => j.name === SYNC_EFFECTS_JOB),
      work: true,
    });
    await jobs.start();
    t = await buildTestApp({
      database,
      env: { ...upstreamEnv(replay), ADMIN_PASSWORD },
      deps: { jobs, syncClientOptions: FAST_CLIENTS },
    });
    admin = await signInAdmin(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await jobs?.stop();
    await replay?.close();
    await database?.destroy();
  }, 60_000);

  it('following an Act stores its recorded effects quietly, and the list says when they were checked', async () => {
    const act = await buildDataProtectionAct(t.db);
    const member = await buildSignedInUser(t.db, { subscriptionTier: 'premium' });
    const effectsUrl = `/api/legal-changes/${act.id}/effects`;
    const before = (await t.app.inject({ method: 'GET', url: effectsUrl })).json();
    expect(before).toMatchObject({ total: 0, checkedAt: null });

    const followed = await t.app.inject({
      method: 'POST',
      url: `/api/legal-changes/${act.id}/action`,
      headers: member.headers,
      payload: { action: 'followed' },
    });
    expect(followed.statusCode, followed.body).toBe(200);

    await expect
      .poll(
        async () =>
          (await t.db.select().from(legalChangeEffects).where(eq(legalChangeEffects.legalChangeId, act.id)))
            .length,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(3);
    // what was already recorded is history, not news: no change event, so no alert
    expect(await t.db.select().from(changeEvents).where(eq(changeEvents.legalChangeId, act.id))).toEqual([]);
    const listed = (await t.app.inject({ method: 'GET', url: effectsUrl })).json();
    expect(listed.total).toBe(3);
    expect(Date.parse(listed.checkedAt)).not.toBeNaN();
  });

  it('the administrator runs the effects sync on the workers, and the sync list shows it', async () => {
    const started = await write('POST', '/api/admin/sync/effects');
    expect(started.statusCode).toBe(202);
    const { operationId } = started.json();
    const operation = async () =>
      (await get('/api/admin/legislation-sync-cache'))
        .json()
        .operations.find((o: { id: number }) => o.id === operationId);
    await expect
      .poll(async () => (await operation())?.status, { timeout: 20_000, interval: 200 })
      .toBe('completed');
    expect(await operation()).toMatchObject({ syncType: 'effects', triggeredBy: 'admin' });
    expect((await operation()).worker).toMatch(/pid \d+/);
  });
});
