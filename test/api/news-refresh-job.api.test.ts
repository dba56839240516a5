import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsCaches, syncOperations, userActions } from '#server/db/schema';
import { refreshDueNews, refreshNewsJob } from '#server/jobs/refresh-news.job';
import { newsProvidersFor } from '#server/providers/news';
import { buildTestApp, testConfig, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildUser } from '#test/support/factories';
import { captureLogger } from '#test/support/log-capture';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { postgresUnavailable } from '#test/support/test-database';

const SEARCH = '/api/search.json';

describe.skipIf(postgresUnavailable())('refresh-news job', () => {
  let replay: ReplayServer;
  let t: TestApp;
  const env = () => ({
    GOVUK_API_URL: `${replay.url}/api`,
    PARLIAMENT_BILLS_API_URL: `${replay.url}/api/v1`,
  });
  const { logger } = captureLogger('refresh-news-test');

  beforeAll(async () => {
    replay = await startReplayServer();
    // any search answers no results: this file is about which items are refreshed
    replay.route({ path: SEARCH, bodyFile: 'sources/govuk-search/search-no-results.json' });
    t = await buildTestApp({ env: env() });
  });
  afterAll(async () => {
    await t?.close();
    await replay?.close();
  });

  const setCache = (legalChangeId: number, nextFetch: Date) =>
    t.db.insert(newsCaches).values({
      legalChangeId,
      searchQuery: 'x',
      fetchSuccess: true,
      lastFetched: new Date(Date.now() - 7 * 3600_000),
      nextFetch,
    });
  const cacheOf = async (id: number) =>
    (await t.db.select().from(newsCaches).where(eq(newsCaches.legalChangeId, id)))[0];

  it('refreshes due caches, followed items first, bounded per run, and leaves fresh ones alone', async () => {
    const member = await buildUser(t.db);
    const followedNew = await buildLegalChange(t.db, { title: 'Followed Never Fetched Bill' });
    const overdue = await buildLegalChange(t.db, { title: 'Overdue Bill' });
    const fresh = await buildLegalChange(t.db, { title: 'Fresh Bill' });
    const unfollowedNew = await buildLegalChange(t.db, { title: 'Nobody Follows Bill' });
    await t.db
      .insert(userActions)
      .values({ userId: member.id, legalChangeId: followedNew.id, action: 'followed' });
    await setCache(overdue.id, new Date(Date.now() - 60_000));
    await setCache(fresh.id, new Date(Date.now() + 3600_000));
    const ctx = { database: t.database, log: logger };
    const providers = newsProvidersFor({ ...env(), appUrl: 'http://localhost:5000' });

    expect(await refreshDueNews(ctx, providers, 1)).toEqual({ due: 1, refreshed: 1, failed: 0 });
    expect(await cacheOf(followedNew.id)).toMatchObject({
      searchQuery: 'Followed Never Fetched Bill',
      fetchSuccess: true,
    });
    expect((await cacheOf(overdue.id))!.searchQuery).toBe('x');

    expect(await refreshDueNews(ctx, providers, 10)).toEqual({ due: 1, refreshed: 1, failed: 0 });
    expect((await cacheOf(overdue.id))!.searchQuery).toBe('Overdue Bill');
    expect((await cacheOf(fresh.id))!.searchQuery).toBe('x');
    expect(await cacheOf(unfollowedNew.id)).toBeUndefined();
    expect(await refreshDueNews(ctx, providers, 10)).toEqual({ due: 0, refreshed: 0, failed: 0 });
  });

  it('counts failed fetches and records each run as a news-cache sync operation', async () => {
    const item = await buildLegalChange(t.db, { title: 'Failing Fetch Bill' });
    await setCache(item.id, new Date(Date.now() - 1000));
    replay.fault(SEARCH, 'status500');
    const config = testConfig(env());
    const result = await refreshNewsJob.run(
      {
        config,
        database: t.database,
        log: logger,
        caches: t.app.caches,
        secrets: t.app.secrets,
        send: async () => {},
      },
      {},
    );
    replay.clearFaults();
    expect(result).toEqual({ due: 1, refreshed: 0, failed: 1 });
    expect(await cacheOf(item.id)).toMatchObject({
      fetchSuccess: false,
      errorMessage: 'GOV.UK search answered with status 500.',
    });
    const [operation] = await t.db.select().from(syncOperations).orderBy(desc(syncOperations.id)).limit(1);
    expect(operation).toMatchObject({
      syncType: 'news-cache',
      status: 'completed',
      triggeredBy: 'schedule',
      details: { news: result },
    });
  });

  it('is a singleton job every 6 hours', () => {
    expect(refreshNewsJob.name).toBe('refresh-news');
    expect(refreshNewsJob.policy).toBe('singleton');
    expect(refreshNewsJob.schedule?.(testConfig())).toBe('41 */6 * * *');
  });
});
