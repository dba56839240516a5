import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsCaches, newsSearchTerms } from '#server/db/schema';
import { newsProvidersFor } from '#server/providers/news';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { postgresUnavailable } from '#test/support/test-database';

const SEARCH = '/api/search.json';
const FIELDS = 'title,description,link,public_timestamp,organisations,format';
const searchQuery = (q: string) => ({ q, count: 20, order: '-public_timestamp', fields: FIELDS });
const BILL_NEWS = '/api/v1/Bills/99001/NewsArticles';

/**
 * Constructed from the documented shape of GET /Bills/{billId}/NewsArticles (a page of
 * {id, title, content, displayDate}); no recorded response of this endpoint exists.
 */
const billNews = (extra: object[] = []) => {
  const items = [
    {
      id: 501,
      title: 'Coastal Flood Defences Bill: second reading',
      content: '<p>MPs debated the bill.</p>',
      displayDate: '2026-09-28T16:00:00',
    },
    {
      id: 502,
      title: 'Committee stage announced',
      content: '<p>The Public Bill Committee will meet in October.</p>',
      displayDate: '2026-10-02T09:00:00',
    },
    ...extra,
  ];
  return { items, totalResults: items.length, itemsPerPage: 50 };
};

describe.skipIf(postgresUnavailable())('GET /api/legal-changes/:id/news', () => {
  let replay: ReplayServer;
  let t: TestApp;
  let billId: number;

  beforeAll(async () => {
    replay = await startReplayServer();
    const env = { GOVUK_API_URL: `${replay.url}/api`, PARLIAMENT_BILLS_API_URL: `${replay.url}/api/v1` };
    // the configured providers, with a short timeout so that a hanging upstream ends quickly
    const newsProviders = newsProvidersFor({ ...env, appUrl: 'http://localhost:5000' }, { timeoutMs: 1000 });
    t = await buildTestApp({ env, deps: { newsProviders } });
    billId = (await buildLegalChange(t.db, { title: 'Coastal Flood Defences Bill', upstreamId: '99001' })).id;
  });
  beforeEach(() => {
    replay.reset();
    // the Search API refuses unknown parameters with 422: only the exact documented query is answered
    replay.route({
      path: SEARCH,
      status: 422,
      bodyFile: 'sources/govuk-search/error-422-unknown-parameter.json',
    });
    replay.route({
      path: SEARCH,
      query: searchQuery('Coastal Flood Defences Bill'),
      bodyFile: 'sources/govuk-search/search-coastal-flood-defences-bill.json',
    });
    replay.route({
      path: SEARCH,
      query: searchQuery('The Quiet Example Regulations 2026'),
      bodyFile: 'sources/govuk-search/search-no-results.json',
    });
    replay.route({ path: BILL_NEWS, body: billNews() });
  });
  afterAll(async () => {
    await t?.close();
    await replay?.close();
  });

  const get = (id: number | string, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/legal-changes/${id}/news${query}`, headers });
  const cacheOf = async (id: number) =>
    (await t.db.select().from(newsCaches).where(eq(newsCaches.legalChangeId, id)))[0]!;
  const expire = (id: number) =>
    t.db
      .update(newsCaches)
      .set({ nextFetch: new Date(Date.now() - 1000) })
      .where(eq(newsCaches.legalChangeId, id));
  const calls = () => ({
    search: replay.requestsTo(SEARCH).length,
    bill: replay.requestsTo(BILL_NEWS).length,
  });

  it('merges GOV.UK search and Parliament bill news, scored and deduplicated, and caches them', async () => {
    const res = await get(billId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.searchQuery).toBe('Coastal Flood Defences Bill');
    expect(body.error).toBeUndefined();
    expect(
      body.articles.map((a: { title: string; relevanceScore: number }) => [a.title, a.relevanceScore]),
    ).toEqual([
      ['Coastal Flood Defences Bill: second reading', 1],
      ['Coastal Flood Defences Bill introduced to Parliament', 1],
      ['Coastal Flood Defences Bill: factsheet', 1],
      ['Committee stage announced', 0.9],
      ['Coastal flood defence funding: consultation outcome', 0.89],
    ]);
    expect(body.articles[1]).toEqual({
      source: 'Department for Environment, Food & Rural Affairs',
      publishedDate: '2026-09-14T09:30:00.000Z',
      url: 'https://www.gov.uk/government/news/coastal-flood-defences-bill-introduced-to-parliament',
      title: 'Coastal Flood Defences Bill introduced to Parliament',
      summary:
        'The Coastal Flood Defences Bill sets out new duties for maintaining sea walls and tidal barriers.',
      relevanceScore: 1,
      favicon: 'https://www.gov.uk/favicon.ico',
    });
    expect(body.articles[0]).toMatchObject({
      source: 'UK Parliament',
      url: 'https://bills.parliament.uk/bills/99001/news#article-501',
      publishedDate: '2026-09-28T15:00:00.000Z',
    });

    const [search] = replay.requestsTo(SEARCH);
    expect(search!.query).toEqual({
      q: 'Coastal Flood Defences Bill',
      count: '20',
      order: '-public_timestamp',
      fields: FIELDS,
    });
    const cache = await cacheOf(billId);
    expect(cache).toMatchObject({
      searchQuery: 'Coastal Flood Defences Bill',
      fetchSuccess: true,
      errorMessage: null,
      newArticlesCount: 5,
      updatedArticlesCount: 0,
      totalArticlesCount: 5,
    });
    expect(cache.nextFetch!.getTime() - cache.lastFetched!.getTime()).toBe(6 * 3600_000);
    expect(body.lastUpdated).toBe(cache.lastFetched!.toISOString());
    const [terms] = await t.db
      .select()
      .from(newsSearchTerms)
      .where(eq(newsSearchTerms.legalChangeId, billId));
    expect(terms).toMatchObject({
      official: 'Coastal Flood Defences Bill',
      alternatives: [
        'Coastal Flood Defences',
        'Coastal Flood Defences Act',
        'Coastal Flood Defences legislation',
      ],
    });
  });

  it('serves the cache without calling upstream again until the next fetch is due', async () => {
    const first = (await get(billId)).json();
    const again = await get(billId);
    expect(again.json()).toEqual(first);
    expect(calls()).toEqual({ search: 0, bill: 0 });
    await expire(billId);
    expect((await get(billId)).statusCode).toBe(200);
    expect(calls()).toEqual({ search: 1, bill: 1 });
  });

  it('refreshes on ?refresh=true for members only and counts new articles', async () => {
    const anonymous = await get(billId, '?refresh=true');
    expect(anonymous.statusCode).toBe(401);
    expect(calls()).toEqual({ search: 0, bill: 0 });

    const member = await buildSignedInUser(t.db);
    replay.route({
      path: BILL_NEWS,
      body: billNews([
        { id: 503, title: 'Report stage date set', content: null, displayDate: '2026-10-20T10:00:00' },
      ]),
    });
    const res = await get(billId, '?refresh=true', member.headers);
    expect(res.statusCode).toBe(200);
    expect(calls()).toEqual({ search: 1, bill: 1 });
    expect(res.json().articles).toHaveLength(6);
    expect(await cacheOf(billId)).toMatchObject({
      fetchSuccess: true,
      newArticlesCount: 1,
      updatedArticlesCount: 0,
      totalArticlesCount: 6,
    });
    expect((await get(billId, '?refresh=false')).statusCode).toBe(200);
    expect(calls()).toEqual({ search: 1, bill: 1 });
  });

  it('answers 200 with the cached articles and an error when every provider fails', async () => {
    const member = await buildSignedInUser(t.db);
    const cached = (await get(billId)).json().articles;
    expect(cached.length).toBeGreaterThan(0);
    replay.fault(SEARCH, 'status500');
    replay.fault(BILL_NEWS, 'status500');
    const res = await get(billId, '?refresh=true', member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().articles).toEqual(cached);
    expect(res.json().error).toBe(
      'News search is temporarily unavailable: GOV.UK search answered with status 500; UK Parliament bill news answered with status 500.',
    );
    const cache = await cacheOf(billId);
    expect(cache).toMatchObject({ fetchSuccess: false, newArticlesCount: 0, updatedArticlesCount: 0 });
    expect(cache.nextFetch!.getTime() - cache.lastFetched!.getTime()).toBe(15 * 60_000);

    // the failure is remembered until the retry is due: no upstream calls meanwhile
    replay.clearRequests();
    expect((await get(billId)).json().error).toMatch(/^News search is temporarily unavailable/);
    expect(calls()).toEqual({ search: 0, bill: 0 });

    replay.clearFaults();
    await expire(billId);
    const recovered = (await get(billId)).json();
    expect(recovered.error).toBeUndefined();
    expect((await cacheOf(billId)).fetchSuccess).toBe(true);
  });

  it('answers an empty list with an error for a first fetch that fails everywhere', async () => {
    // bill 99002 has no news route: the Bills API answers 404
    const id = (await buildLegalChange(t.db, { title: 'Coastal Flood Defences Bill', upstreamId: '99002' }))
      .id;
    replay.fault(SEARCH, 'status503');
    const res = await get(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      articles: [],
      lastUpdated: expect.any(String),
      searchQuery: 'Coastal Flood Defences Bill',
      error:
        'News search is temporarily unavailable: GOV.UK search answered with status 503; UK Parliament bill news answered with status 404.',
    });
  });

  it('reports a failure for items only GOV.UK searches', async () => {
    const si = await buildLegalChange(t.db, {
      title: 'The Quiet Example Regulations 2026',
      source: 'legislation_gov_uk',
      legislationType: 'uksi',
      category: 'secondary',
    });
    replay.fault(SEARCH, 'timeout');
    const res = await get(si.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().error).toBe(
      'News search is temporarily unavailable: GOV.UK search did not answer in time.',
    );
  });

  it('still succeeds when one provider fails, noting it for the admin', async () => {
    const member = await buildSignedInUser(t.db);
    replay.fault(SEARCH, 'status500');
    const res = await get(billId, '?refresh=true', member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().error).toBeUndefined();
    expect(await cacheOf(billId)).toMatchObject({
      fetchSuccess: true,
      errorMessage: 'GOV.UK search answered with status 500.',
    });
  });

  it('searches GOV.UK only for items that are not Parliament bills', async () => {
    const si = await buildLegalChange(t.db, {
      title: 'The Quiet Example Regulations 2026',
      source: 'legislation_gov_uk',
      legislationType: 'uksi',
      category: 'secondary',
    });
    const res = await get(si.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ articles: [], searchQuery: 'The Quiet Example Regulations 2026' });
    expect(res.json().error).toBeUndefined();
    expect(calls()).toEqual({ search: 1, bill: 0 });
  });

  it('limits forced refreshes to 10 per member per hour', async () => {
    const member = await buildSignedInUser(t.db);
    for (let i = 0; i < 10; i++)
      expect((await get(billId, '?refresh=true', member.headers)).statusCode).toBe(200);
    const limited = await get(billId, '?refresh=true', member.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await get(billId, '', member.headers)).statusCode).toBe(200);
  });

  it('answers 404 for a missing item and 400 for a bad id or refresh value', async () => {
    const missing = await get(2147483000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('legal_change_not_found');
    for (const bad of ['abc', '0', '-1', '1e3']) expect((await get(bad)).statusCode).toBe(400);
    const badRefresh = await get(billId, '?refresh=maybe');
    expect(badRefresh.statusCode).toBe(400);
    expect(badRefresh.json().error.details[0].field).toBe('querystring.refresh');
    expect(calls()).toEqual({ search: 0, bill: 0 });
  });
});
