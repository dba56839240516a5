import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { BILLS_JSON, FEED_XML, useFixturesDir } from './replay-server-fixtures';

const fixturesDir = useFixturesDir();

describe('startReplayServer', () => {
  let replay: ReplayServer;

  beforeEach(async () => {
    replay = await startReplayServer({ fixturesDir: fixturesDir() });
  });

  afterEach(async () => {
    await replay.close();
  });

  it('serves a route by method and path, with its status, headers and body', async () => {
    replay.route({ path: '/api/v1/Bills/3786', body: { billId: 3786 }, headers: { 'X-Upstream': 'bills' } });

    const res = await fetch(`${replay.url}/api/v1/Bills/3786?anything=1`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-upstream')).toBe('bills');
    expect(await res.json()).toEqual({ billId: 3786 });
  });

  it('prefers an exact query match over a path-only route, ignoring parameter order', async () => {
    replay.route({ path: '/api/v1/Bills', body: { which: 'any' } });
    replay.route({
      path: '/api/v1/Bills',
      query: { SortOrder: 'DateUpdatedDescending', Skip: 0 },
      body: { which: 'exact' },
    });

    const exact = await fetch(`${replay.url}/api/v1/Bills?Skip=0&SortOrder=DateUpdatedDescending`);
    const other = await fetch(`${replay.url}/api/v1/Bills?Skip=20&SortOrder=DateUpdatedDescending`);

    expect(await exact.json()).toEqual({ which: 'exact' });
    expect(await other.json()).toEqual({ which: 'any' });
  });

  it('does not match a query-only route when the query differs and no path-only route exists', async () => {
    replay.route({ path: '/search', query: 'title=data', body: '<feed/>' });
    const res = await fetch(`${replay.url}/search?title=other`);
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it('replaces a route with the same method, path and query', async () => {
    replay.route({ path: '/a', body: 'one' });
    replay.route({ path: '/a', body: 'two' });
    expect(await (await fetch(`${replay.url}/a`)).text()).toBe('two');
  });

  it('matches on method, and answers HEAD from a GET route', async () => {
    replay.route({ method: 'POST', path: '/sparql', body: { results: [] } });
    replay.route({ path: '/doc', body: 'text body', contentType: 'text/plain' });

    const post = await fetch(`${replay.url}/sparql`, { method: 'POST', body: 'query=SELECT' });
    const get = await fetch(`${replay.url}/sparql`);
    const head = await fetch(`${replay.url}/doc`, { method: 'HEAD' });

    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ results: [] });
    expect(get.status).toBe(404);
    await get.arrayBuffer();
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/plain');
    expect(replay.requests[0]!.body).toBe('query=SELECT');
  });

  it('answers unknown paths with a 404 problem document', async () => {
    const res = await fetch(`${replay.url}/api/v1/Nope?x=1`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404, title: 'Not Found' });
    expect(replay.requests[0]).toMatchObject({ matched: false, status: 404, path: '/api/v1/Nope' });
  });

  it('loads a fixture map with methods, queries, full URLs and content types from file names', async () => {
    replay.loadFixtureMap({
      'GET /api/v1/Bills?SortOrder=DateUpdatedDescending&Skip=0': 'bills/bills-updated.json',
      '/api/v1/Bills?SortOrder=DateUpdatedDescending&Skip=20': 'bills/bills-page-2.json',
      'https://www.legislation.gov.uk/new/data.feed': 'leg/new.feed.xml',
      '/uksi/2026/1050/made/data.xml': {
        bodyFile: 'leg/item.xml',
        headers: { 'cache-control': 'max-age=300' },
      },
    });

    const page1 = await fetch(`${replay.url}/api/v1/Bills?SortOrder=DateUpdatedDescending&Skip=0`);
    const page2 = await fetch(`${replay.url}/api/v1/Bills?Skip=20&SortOrder=DateUpdatedDescending`);
    const feed = await fetch(`${replay.url}/new/data.feed?page=3`);
    const item = await fetch(`${replay.url}/uksi/2026/1050/made/data.xml`);

    expect(await page1.text()).toBe(BILLS_JSON);
    expect(await page2.json()).toEqual({ items: [], totalResults: 1 });
    expect(feed.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    expect(await feed.text()).toBe(FEED_XML);
    expect(item.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(item.headers.get('cache-control')).toBe('max-age=300');
    expect(await item.text()).toContain('<Legislation>');
  });

  it('refuses a fixture that does not exist', () => {
    expect(() => replay.loadFixtureMap({ '/x': 'missing/file.json' })).toThrow(/fixture not found/);
  });

  it('records requests with method, path, query and headers', async () => {
    replay.route({ path: '/new/data.feed', body: FEED_XML });
    await (
      await fetch(`${replay.url}/new/data.feed?sort=published&page=2`, {
        headers: { 'user-agent': 'Lexwatch/1.0' },
      })
    ).arrayBuffer();

    expect(replay.requestsTo('/new/data.feed')).toHaveLength(1);
    expect(replay.requests[0]).toMatchObject({
      method: 'GET',
      path: '/new/data.feed',
      query: { sort: 'published', page: '2' },
      search: '?sort=published&page=2',
      status: 200,
      matched: true,
    });
    expect(replay.requests[0]!.headers['user-agent']).toBe('Lexwatch/1.0');
  });

  it('serves a route only `times` times, then falls back', async () => {
    replay.route({ path: '/p', body: 'fallback' });
    replay.route({ path: '/p', query: 'page=1', body: 'first', times: 1 });

    expect(await (await fetch(`${replay.url}/p?page=1`)).text()).toBe('first');
    expect(await (await fetch(`${replay.url}/p?page=1`)).text()).toBe('fallback');
  });

  it('delays a route by delayMs', async () => {
    replay.route({ path: '/slow', body: 'ok', delayMs: 150 });
    const started = Date.now();
    expect(await (await fetch(`${replay.url}/slow`)).text()).toBe('ok');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('answers 304 to If-Modified-Since and If-None-Match when the route has not changed', async () => {
    const lastModified = new Date('2026-09-24T15:00:00Z');
    replay.route({ path: '/feed', body: FEED_XML, lastModified });
    replay.route({ path: '/etag', body: 'v1', etag: '"abc"' });

    const fresh = await fetch(`${replay.url}/feed`);
    expect(fresh.headers.get('last-modified')).toBe('Thu, 24 Sep 2026 15:00:00 GMT');
    await fresh.arrayBuffer();

    const same = await fetch(`${replay.url}/feed`, {
      headers: { 'if-modified-since': 'Thu, 24 Sep 2026 15:00:00 GMT' },
    });
    const older = await fetch(`${replay.url}/feed`, {
      headers: { 'if-modified-since': 'Thu, 24 Sep 2026 14:59:59 GMT' },
    });
    const etag = await fetch(`${replay.url}/etag`, { headers: { 'if-none-match': '"abc"' } });

    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect(older.status).toBe(200);
    expect(await older.text()).toBe(FEED_XML);
    expect(etag.status).toBe(304);
    await etag.arrayBuffer();
  });
});
