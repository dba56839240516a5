import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';

const BILLS_JSON = JSON.stringify({
  items: [{ billId: 3786, shortTitle: 'Employment Rights Bill', currentHouse: 'Lords' }],
  totalResults: 1,
  itemsPerPage: 20,
});
const FEED_XML = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Search Results</title>
<entry><id>http://www.legislation.gov.uk/id/uksi/2026/1050</id><title>The Example Regulations 2026</title></entry>
</feed>
`;

let fixturesDir: string;

beforeAll(() => {
  fixturesDir = mkdtempSync(join(tmpdir(), 'replay-fixtures-'));
  mkdirSync(join(fixturesDir, 'bills'));
  mkdirSync(join(fixturesDir, 'leg'));
  writeFileSync(join(fixturesDir, 'bills', 'bills-updated.json'), BILLS_JSON);
  writeFileSync(
    join(fixturesDir, 'bills', 'bills-page-2.json'),
    JSON.stringify({ items: [], totalResults: 1 }),
  );
  writeFileSync(join(fixturesDir, 'leg', 'new.feed.xml'), FEED_XML);
  writeFileSync(join(fixturesDir, 'leg', 'item.xml'), '<Legislation><ukm:Metadata/></Legislation>');
});

afterAll(() => {
  rmSync(fixturesDir, { recursive: true, force: true });
});

describe('startReplayServer', () => {
  let replay: ReplayServer;

  beforeEach(async () => {
    replay = await startReplayServer({ fixturesDir });
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

  describe('faults', () => {
    it('status500 for the next N requests, then the normal route', async () => {
      replay.route({ path: '/api/v1/Bills', body: { ok: true } });
      replay.fault('/api/v1/Bills', 'status500', { times: 2 });

      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${replay.url}/api/v1/Bills?Skip=0`);
        await res.arrayBuffer();
        statuses.push(res.status);
      }

      expect(statuses).toEqual([500, 500, 200]);
      expect(replay.requests.map((r) => r.fault)).toEqual(['status500', 'status500', undefined]);
    });

    it('queues faults in order and accepts a number as the count', async () => {
      replay.route({ path: '/x', body: 'ok' });
      replay.fault('/x', 'rateLimited', 1);
      replay.fault('/x', 'status503', 1);

      const first = await fetch(`${replay.url}/x`);
      const second = await fetch(`${replay.url}/x`);
      const third = await fetch(`${replay.url}/x`);

      expect([first.status, second.status, third.status]).toEqual([429, 503, 200]);
      await Promise.all([first.arrayBuffer(), second.arrayBuffer()]);
      expect(await third.text()).toBe('ok');
    });

    it('rateLimited answers 429 with Retry-After', async () => {
      replay.fault('/x', 'rateLimited', { retryAfterSeconds: 300 });
      const res = await fetch(`${replay.url}/x`);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('300');
      await res.arrayBuffer();
    });

    it('html200 answers a WAF challenge page with status 200', async () => {
      replay.route({ path: '/uksi/2026/1/data.xml', body: '<Legislation/>' });
      replay.fault('/uksi/2026/1/data.xml', 'html200');

      const res = await fetch(`${replay.url}/uksi/2026/1/data.xml`);
      const body = await res.text();

      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(body).toContain('awsWafCookieDomainList');
      expect(body).toContain('challenge-container');
    });

    it('redirect307 sends an HTML 307 to /search, and the redirect target answers HTML', async () => {
      replay.fault('/search/data.feed', 'redirect307');

      const manual = await fetch(`${replay.url}/search/data.feed?title=data&page=9`, { redirect: 'manual' });
      expect(manual.status).toBe(307);
      expect(manual.headers.get('location')).toBe('/search?title=data&page=9');
      expect(manual.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await manual.text()).toContain('307 Redirection');

      const followed = await fetch(`${replay.url}/search/data.feed?title=data&page=9`);
      expect(followed.status).toBe(200);
      expect(followed.headers.get('content-type')).toMatch(/^text\/html/);
      expect(followed.url).toBe(`${replay.url}/search?title=data&page=9`);
      await followed.arrayBuffer();
    });

    it('truncatedJson cuts the route body in half, so it no longer parses', async () => {
      replay.route({ path: '/api/v1/Bills', body: JSON.parse(BILLS_JSON) as object });
      replay.fault('/api/v1/Bills', 'truncatedJson');

      const res = await fetch(`${replay.url}/api/v1/Bills`);
      const text = await res.text();

      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect(BILLS_JSON.startsWith(text)).toBe(true);
      expect(text.length).toBe(Math.floor(BILLS_JSON.length / 2));
      expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
    });

    it('truncatedJson still sends broken JSON when there is no route', async () => {
      replay.fault('/nothing', 'truncatedJson');
      const text = await (await fetch(`${replay.url}/nothing`)).text();
      expect(text.startsWith('{')).toBe(true);
      expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
    });

    it('malformedXml answers XML that does not close', async () => {
      replay.fault('/new/data.feed', 'malformedXml');
      const res = await fetch(`${replay.url}/new/data.feed`);
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/xml/);
      expect(text).toMatch(/^<\?xml/);
      expect(text.trimEnd().endsWith('</feed>')).toBe(false);
    });

    it('reset destroys the connection', async () => {
      replay.fault('/x', 'reset');
      const err = await fetch(`${replay.url}/x`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(TypeError);
      expect((err as TypeError & { cause?: { code?: string } }).cause?.code).toBe('ECONNRESET');
      expect(replay.requests[0]!.fault).toBe('reset');
      expect(replay.requests[0]!.status).toBeUndefined();
    });

    it('timeout never answers, and close() still returns promptly', async () => {
      replay.fault('/x', 'timeout');
      await expect(fetch(`${replay.url}/x`, { signal: AbortSignal.timeout(150) })).rejects.toThrow(
        /aborted|timeout/i,
      );

      const hanging = fetch(`${replay.url}/x`).catch((e: unknown) => e);
      while (replay.requests.length < 2) await new Promise((r) => setTimeout(r, 5));
      const started = Date.now();
      await replay.close();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await hanging).toBeInstanceOf(TypeError);
    });

    it("'*' faults every path and a trailing '*' faults a prefix", async () => {
      replay.route({ path: '/api/v1/Bills', body: 'bills' });
      replay.route({ path: '/other', body: 'other' });
      replay.fault('/api/*', 'forbidden403', 1);
      replay.fault('*', 'status500', 1);

      const a = await fetch(`${replay.url}/api/v1/Bills`);
      const b = await fetch(`${replay.url}/other`);
      const c = await fetch(`${replay.url}/other`);
      await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);

      expect([a.status, b.status, c.status]).toEqual([403, 500, 200]);
    });

    it('a fault with a query only hits requests with that exact query', async () => {
      replay.route({ path: '/search/data.feed', body: FEED_XML });
      replay.fault('/search/data.feed?title=data&page=9', 'redirect307');

      const page1 = await fetch(`${replay.url}/search/data.feed?page=1&title=data`, { redirect: 'manual' });
      const page9 = await fetch(`${replay.url}/search/data.feed?page=9&title=data`, { redirect: 'manual' });
      await Promise.all([page1.arrayBuffer(), page9.arrayBuffer()]);

      expect([page1.status, page9.status]).toEqual([200, 307]);
    });

    it('a fault limited to a method leaves other methods alone', async () => {
      replay.route({ method: 'POST', path: '/sparql', body: 'post' });
      replay.route({ path: '/sparql', body: 'get' });
      replay.fault('/sparql', 'status500', { method: 'POST' });

      const get = await fetch(`${replay.url}/sparql`);
      const post = await fetch(`${replay.url}/sparql`, { method: 'POST' });
      expect(await get.text()).toBe('get');
      expect(post.status).toBe(500);
      await post.arrayBuffer();
    });

    it('clearFaults and reset restore normal answers', async () => {
      replay.route({ path: '/x', body: 'ok' });
      replay.fault('/x', 'status500');
      replay.clearFaults('/x');
      expect(await (await fetch(`${replay.url}/x`)).text()).toBe('ok');

      replay.fault('/x', 'status500');
      replay.reset();
      expect(replay.requests).toHaveLength(0);
      const res = await fetch(`${replay.url}/x`);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    });
  });
});
