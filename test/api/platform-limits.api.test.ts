/**
 * The public API's limits per key, with small limits set by configuration: two apps on one
 * database (as two web processes share it) count every request of a key together, and no more
 * than the limit is ever let through, even when requests arrive at once on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';

const env = {
  API_KEY_DAILY_LIMIT_BASIC: '5',
  API_KEY_DAILY_LIMIT_PREMIUM: '1000',
  API_KEY_BURST_LIMIT: '8',
  // one long burst window: the count cannot reset between two requests of the test
  API_KEY_BURST_WINDOW_SECONDS: '3600',
};

describe.skipIf(postgresUnavailable())('per-key limits shared by every web process', () => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    one = await buildTestApp({ database, env });
    two = await buildTestApp({ database, env });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await database.destroy();
  });

  async function keyFor(tier: 'basic' | 'premium') {
    const member = await buildSignedInUser(database.db, {
      subscriptionTier: tier,
      subscriptionStatus: 'active',
    });
    const res = await one.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      headers: member.headers,
      payload: { name: 'limits', scopes: ['read'] },
    });
    return { authorization: `Bearer ${res.json().key}` };
  }
  const get = (t: TestApp, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers });

  it('counts a Basic key’s day across both processes and answers 429 with Retry-After past it', async () => {
    const headers = await keyFor('basic');
    const remaining: string[] = [];
    for (const t of [one, two, one, two, one]) {
      const res = await get(t, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
      remaining.push(String(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const over = await get(two, headers);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    // another key of the same plan has its own quota
    expect((await get(one, await keyFor('basic'))).statusCode).toBe(200);
  });

  it('lets exactly the limit through when requests arrive at once on both', async () => {
    const headers = await keyFor('basic');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => get(i % 2 ? one : two, headers)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });

  it('holds a Premium key to its burst', async () => {
    const headers = await keyFor('premium');
    for (let i = 0; i < 8; i++) {
      const res = await get(i % 2 ? one : two, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('1000');
    }
    const over = await get(one, headers);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-policy']).toBe('1000;w=86400, 8;w=3600');
  });
});
