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

  it('counts concurrent requests exactly: one upsert each, no lost updates', async () => {
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
