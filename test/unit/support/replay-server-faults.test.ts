/** The replay server's faults: failures it answers with, in order, by path, query and method. */
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
