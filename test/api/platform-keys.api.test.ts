import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { rememberSecret, scanLogLines } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;

describe.skipIf(postgresUnavailable())('API keys: /api/user/api-keys', () => {
  let t: TestApp;
  let basic: Member;
  let item: number;

  beforeAll(async () => {
    t = await buildTestApp();
    basic = await buildSignedInUser(t.db, { subscriptionTier: 'basic', subscriptionStatus: 'active' });
    item = (await buildLegalChange(t.db)).id;
  });
  afterAll(() => t.close());

  const create = (payload: unknown, headers: Record<string, string> = basic.headers) =>
    t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers, payload: payload as object });
  const list = (headers: Record<string, string> = basic.headers) =>
    t.app.inject({ method: 'GET', url: '/api/user/api-keys', headers });
  const v1 = (key: string, url = '/api/v1/legal-changes') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  it('shows a new key once, with its prefix, and keeps only its hash', async () => {
    const res = await create({ name: 'Reporting', scopes: ['read'] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Reporting', scopes: ['read'] });
    // payments run in test mode here (no live payment key): the key says so
    expect(body.key).toMatch(/^lwk_test_[0-9A-Za-z]{38}$/);
    expect(body.key.startsWith(body.prefix)).toBe(true);
    expect(body.prefix).toMatch(/^lwk_test_[0-9A-Za-z]{8}$/);

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, body.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(body.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(body.key);

    const listed = (await list()).json().keys;
    const entry = listed.find((k: { id: number }) => k.id === body.id);
    expect(entry).toEqual({
      id: body.id,
      name: 'Reporting',
      scopes: ['read'],
      prefix: body.prefix,
      createdAt: body.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(body.key);
    // used, then: the key is in no log line (close() fails on a remembered secret too)
    rememberSecret(body.key);
    expect((await v1(body.key)).statusCode).toBe(200);
    expect(scanLogLines(t.logs)).toEqual([]);
  });

  it('records the last use, and a revoked key answers 401 from then on', async () => {
    const { id, key } = (await create({ name: 'Sync', scopes: ['read', 'write'] })).json();
    expect((await v1(key)).statusCode).toBe(200);
    const used = (await list()).json().keys.find((k: { id: number }) => k.id === id);
    expect(used.scopes).toEqual(['read', 'write']);
    expect(used.lastUsedAt).not.toBeNull();

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/api-keys/${id}`,
      headers: basic.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await v1(key);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('invalid_api_key');
    expect((await list()).json().keys.map((k: { id: number }) => k.id)).not.toContain(id);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/api-keys/${id}`,
      headers: basic.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 401 for a missing, unknown or malformed key', async () => {
    const unknown = 'lwk_live_' + 'A'.repeat(38);
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/v1/legal-changes' }),
      await v1(unknown),
      await v1('not-a-key'),
      await v1(basic.token),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_api_key');
    }
  });

  it('never opens the session routes with a key', async () => {
    const { key } = (await create({ name: 'Session test', scopes: ['read', 'write'] })).json();
    const headers = { authorization: `Bearer ${key}` };
    for (const url of [
      '/api/user/api-keys',
      '/api/auth/user',
      '/api/auth/sessions',
      '/api/admin/sms-budget',
      '/api/user/cookie-preferences',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(401);
    }
    const made = await create({ name: 'via key', scopes: ['read'] }, headers);
    expect(made.statusCode).toBe(401);
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/legal-changes/${item}/action`,
      headers,
      payload: { action: 'followed' },
    });
    expect(follow.statusCode).toBe(401);
  });

  it('refuses trial members with plan_required, and their old keys stop working', async () => {
    const trial = await buildSignedInUser(t.db);
    const res = await create({ name: 'Trial', scopes: ['read'] }, trial.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('plan_required');

    const downgraded = await buildSignedInUser(t.db, {
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
    });
    const { key } = (await create({ name: 'Premium', scopes: ['read'] }, downgraded.headers)).json();
    expect((await v1(key)).statusCode).toBe(200);
    const { users } = await import('#server/db/schema');
    await t.db.update(users).set({ subscriptionTier: 'trial' }).where(eq(users.id, downgraded.user.id));
    const after = await v1(key);
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe('plan_required');
  });

  it('validates the input and keeps keys to their member', async () => {
    for (const payload of [
      {},
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: ['write'] },
      { name: 'x', scopes: ['read', 'admin'] },
      { name: 'x'.repeat(81), scopes: ['read'] },
    ]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const other = await buildSignedInUser(t.db, { subscriptionTier: 'basic', subscriptionStatus: 'active' });
    const mine = (await create({ name: 'Mine', scopes: ['read'] })).json();
    expect((await list(other.headers)).json().keys).toEqual([]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/api-keys/${mine.id}`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/user/api-keys/abc', headers: basic.headers }))
        .statusCode,
    ).toBe(400);
    expect((await list({})).statusCode).toBe(401);
  });
});
