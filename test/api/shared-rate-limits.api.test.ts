import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '#server/db/schema';
import { databaseRateLimitStore } from '#server/plugins/rate-limit-store';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';

const LIMIT = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Counting straddling two one-minute windows would start over half-way: wait for a fresh one. */
async function awayFromWindowEdge(): Promise<void> {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 50_000) await sleep(60_000 - intoWindow + 200);
}

describe.skipIf(postgresUnavailable())('API rate limits shared by every web process', () => {
  let database: TestDatabase;
  let web1: TestApp;
  let web2: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { API_RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    web1 = await buildTestApp({ database, env });
    web2 = await buildTestApp({ database, env });
  });
  afterAll(async () => {
    await web1?.close();
    await web2?.close();
    await database?.destroy();
  });

  it('trips at the same total whichever of two processes serves the requests', async () => {
    await awayFromWindowEdge();
    const remoteAddress = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const app = i % 2 === 0 ? web1.app : web2.app;
      statuses.push((await app.inject({ method: 'GET', url: '/api/law-areas', remoteAddress })).statusCode);
    }
    expect(statuses).toEqual(Array(LIMIT).fill(200));

    for (const app of [web1.app, web2.app]) {
      const limited = await app.inject({ method: 'GET', url: '/api/law-areas', remoteAddress });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        error: { code: 'rate_limited', message: expect.stringMatching(/^Too many requests/) },
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    }

    // another address has its own count, on either process
    const other = await web2.app.inject({
      method: 'GET',
      url: '/api/law-areas',
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('counts concurrent requests exactly: no lost updates, no count given twice', async () => {
    await awayFromWindowEdge();
    const remoteAddress = '203.0.113.9';
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 6 }, (_, i) =>
        (i % 2 ? web1 : web2).app.inject({ method: 'GET', url: '/api/law-areas', remoteAddress }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
  });

  it('counts requests that arrive together in one statement, each with a count of its own', async () => {
    let statements = 0;
    /** while set, statements wait for it before they reach the database */
    let held: Promise<void> | null = null;
    const counting = {
      query: async (...args: unknown[]) => {
        statements += 1;
        if (held) await held;
        return (database.pool.query as (...a: unknown[]) => unknown)(...args);
      },
    } as unknown as typeof database.pool;
    const store = databaseRateLimitStore(counting, web1.app.log);
    try {
      const s = new store.Store({});
      const hit = (key: string) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) =>
          s.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 100),
        );
      await awayFromWindowEdge();
      const [busy, quiet] = await Promise.all([
        Promise.all(Array.from({ length: 16 }, () => hit('together-busy'))),
        Promise.all(Array.from({ length: 3 }, () => hit('together-quiet'))),
      ]);
      expect(statements).toBe(1);
      expect(busy.map((r) => r.current).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 16 }, (_, i) => i + 1),
      );
      expect(quiet.map((r) => r.current).sort((a, b) => a - b)).toEqual([1, 2, 3]);
      for (const r of [...busy, ...quiet]) {
        expect(r.ttl).toBeGreaterThan(0);
        expect(r.ttl).toBeLessThanOrEqual(60_000);
      }

      // one after another, each is its own statement and sees the others' counts
      expect((await hit('together-busy')).current).toBe(17);
      expect((await hit('together-busy')).current).toBe(18);
      expect(statements).toBe(3);

      // while a key's statement is on its way, the next requests wait and go in one statement
      let release = () => {};
      held = new Promise((r) => (release = r));
      const first = hit('together-busy');
      await new Promise((r) => setImmediate(r));
      expect(statements).toBe(4);
      const later = Array.from({ length: 5 }, () => hit('together-busy'));
      await new Promise((r) => setImmediate(r));
      expect(statements).toBe(4);
      held = null;
      release();
      const counts = [await first, ...(await Promise.all(later))].map((r) => r.current);
      expect(counts.sort((a, b) => a - b)).toEqual([19, 20, 21, 22, 23, 24]);
      expect(statements).toBe(5);
    } finally {
      store.close();
    }
  });

  it('keeps one row per key and window, and removes the rows of windows that have ended', async () => {
    const store = databaseRateLimitStore(database.pool, web1.app.log);
    try {
      const Store = store.Store;
      const s = new Store({});
      const hit = (key: string, windowMs: number) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) =>
          s.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 100),
        );
      await awayFromWindowEdge();
      expect((await hit('cleanup-test', 60_000)).current).toBe(1);
      const second = await hit('cleanup-test', 60_000);
      expect(second.current).toBe(2);
      expect(second.ttl).toBeGreaterThan(0);
      expect(second.ttl).toBeLessThanOrEqual(60_000);

      await database.db.insert(rateLimitHits).values({
        key: 'ended-window',
        windowStart: new Date(Date.now() - 3 * 60_000),
        count: 5,
      });
      expect(await store.cleanUp()).toBeGreaterThanOrEqual(1);
      const keys = (await database.db.select().from(rateLimitHits)).map((r) => r.key);
      expect(keys).not.toContain('ended-window');
      expect(keys).toContain('cleanup-test');
    } finally {
      store.close();
    }
  });
});
