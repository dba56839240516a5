/**
 * A sync job that finds its sync's lease held: one job of a sync runs at a time, so the holder
 * is a run whose worker died elsewhere (another machine: its pid cannot be checked). The job is
 * put back to run once that lease has expired, carrying the operation the console shows as
 * queued, instead of ending with the work undone; after a few such turns the operation is closed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCaches } from '#server/app-caches';
import { syncCursors, syncOperations } from '#server/db/schema';
import type { JobContext } from '#server/jobs/types';
import { loadSecrets } from '#server/lib/secrets';
import { LEASE_TTL_MS } from '#server/modules/sync/sync-lock';
import { runSyncJob } from '#server/modules/sync/sync-jobs';
import { testConfig } from '#test/support/build-test-app';
import { captureLogger } from '#test/support/log-capture';
import { createTestDatabase, type TestDatabase } from '#test/support/test-database';

describe('a sync job whose lease is held by a dead worker elsewhere', () => {
  let database: TestDatabase;
  const sent: { name: string; data?: object; options?: object }[] = [];
  let ctx: JobContext;

  beforeAll(async () => {
    database = await createTestDatabase();
    const until = new Date(Date.now() + LEASE_TTL_MS).toISOString();
    await database.db.insert(syncCursors).values({
      source: 'lock:uk-parliament',
      cursor: { host: 'another-machine', pid: 4242, token: 'theirs', until },
    });
    const config = testConfig();
    ctx = {
      config,
      database,
      log: captureLogger('sync-lease-deferral').logger,
      caches: createAppCaches({ config, database }),
      secrets: loadSecrets(config),
      send: async (name, data, options) => {
        sent.push({ name, data, options });
      },
    };
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const queued = async () =>
    (
      await database.db
        .insert(syncOperations)
        .values({ syncType: 'uk-parliament', triggeredBy: 'admin', status: 'queued' })
        .returning({ id: syncOperations.id })
    )[0]!.id;
  const statusOf = async (id: number) =>
    (await database.db.select().from(syncOperations).where(eq(syncOperations.id, id)))[0]!.status;

  it('puts the job back until the lease has expired, with its queued operation', async () => {
    const operationId = await queued();
    const outcome = await runSyncJob(ctx, 'uk-parliament', 'sync-uk-parliament', {
      triggeredBy: 'admin',
      operationId,
    });
    expect(outcome.status).toBe('skipped');
    expect(sent).toEqual([
      {
        name: 'sync-uk-parliament',
        data: { triggeredBy: 'admin', deferrals: 1, operationId },
        options: { startAfterSeconds: LEASE_TTL_MS / 1000 + 5 },
      },
    ]);
    expect(await statusOf(operationId)).toBe('queued');
  });

  it('closes the queued operation after five turns', async () => {
    sent.length = 0;
    const operationId = await queued();
    await runSyncJob(ctx, 'uk-parliament', 'sync-uk-parliament', {
      triggeredBy: 'admin',
      operationId,
      deferrals: 5,
    });
    expect(sent).toEqual([]);
    expect(await statusOf(operationId)).toBe('completed');
  });
});
