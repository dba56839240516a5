/**
 * A key's limits as production runs them: two `web` processes (src/server/main.ts) on one
 * PostgreSQL, requests of one key sent to both at once; exactly the day's limit passes.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSignedInUser } from '#test/support/factories';
import { startServerProcess, type ServerProcess } from '#test/support/server-process';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';

const LIMIT = 7;

describe.runIf(inject('dbMode') === 'postgres' && !postgresUnavailable())(
  'per-key limits across two web processes',
  () => {
    let database: TestDatabase;
    let webs: ServerProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const env = {
        DATABASE_URL: database.url,
        ROLE: 'web',
        API_KEY_DAILY_LIMIT_BASIC: String(LIMIT),
        API_KEY_BURST_LIMIT: '1000',
      };
      webs = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all(webs.map((w) => w.stop('SIGTERM')));
      await database?.destroy();
    });

    it('lets exactly the limit through, whichever process answers', async () => {
      const member = await buildSignedInUser(database.db, {
        subscriptionTier: 'basic',
        subscriptionStatus: 'active',
      });
      const made = await fetch(`${webs[0]!.url}/api/user/api-keys`, {
        method: 'POST',
        headers: { ...member.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'two processes', scopes: ['read'] }),
      });
      expect(made.status).toBe(201);
      const { key } = (await made.json()) as { key: string };
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          fetch(`${webs[i % 2]!.url}/api/v1/notifications`, { headers: { authorization: `Bearer ${key}` } }),
        ),
      );
      const codes = answers.map((r) => r.status);
      expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
      expect(codes.filter((c) => c === 429)).toHaveLength(16 - LIMIT);
      const refused = answers.find((r) => r.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    });
  },
);
