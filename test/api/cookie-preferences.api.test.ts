import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieConsentRecords } from '#server/db/schema';
import { COOKIE_POLICY_VERSION } from '#shared/schemas/cookies';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

const URL = '/api/user/cookie-preferences';

describe.skipIf(postgresUnavailable())('/api/user/cookie-preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const put = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: URL, headers, payload: payload as object });

  it('answers 401 to a signed-out visitor, whatever the body', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const res = await put({}, { analytics: true, functional: true, marketing: true });
    expect(res.statusCode).toBe(401);
    expect((await put({}, { analytics: 'yes' })).statusCode).toBe(401);
  });

  it('has no consent until the first choice: necessary on, the rest off', async () => {
    const me = await buildSignedInUser(t.db);
    const res = await t.app.inject({ method: 'GET', url: URL, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      necessary: true,
      analytics: false,
      functional: false,
      marketing: false,
      consentDate: null,
      policyVersion: null,
    });
  });

  it('saves a choice, keeps necessary on, and records every choice with its policy version', async () => {
    const me = await buildSignedInUser(t.db);
    const before = Date.now();
    const first = await put(me.headers, {
      necessary: false,
      analytics: true,
      functional: false,
      marketing: true,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      necessary: true,
      analytics: true,
      functional: false,
      marketing: true,
      consentDate: expect.any(String),
      policyVersion: COOKIE_POLICY_VERSION,
    });
    expect(Date.parse(first.json().consentDate)).toBeGreaterThanOrEqual(before - 1000);

    const second = await put(me.headers, { analytics: false, functional: true, marketing: false });
    expect(second.json()).toMatchObject({
      necessary: true,
      analytics: false,
      functional: true,
      marketing: false,
    });
    const read = await t.app.inject({ method: 'GET', url: URL, headers: me.headers });
    expect(read.json()).toEqual(second.json());

    const records = await t.db
      .select()
      .from(cookieConsentRecords)
      .where(eq(cookieConsentRecords.userId, me.user.id))
      .orderBy(cookieConsentRecords.id);
    expect(records).toHaveLength(2);
    expect(records.map((r) => [r.analytics, r.functional, r.marketing, r.policyVersion])).toEqual([
      [true, false, true, COOKIE_POLICY_VERSION],
      [false, true, false, COOKIE_POLICY_VERSION],
    ]);
    expect(records[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("keeps one member's choice from another's", async () => {
    const a = await buildSignedInUser(t.db);
    const b = await buildSignedInUser(t.db);
    await put(a.headers, { analytics: true, functional: true, marketing: true });
    const other = await t.app.inject({ method: 'GET', url: URL, headers: b.headers });
    expect(other.json()).toMatchObject({ analytics: false, consentDate: null });
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a missing category', { analytics: true, functional: true }],
    ['a string for a boolean', { analytics: 'true', functional: true, marketing: false }],
    ['a number for necessary', { necessary: 1, analytics: true, functional: true, marketing: false }],
    ['an array', [true, true, true]],
  ])('answers 400 to %s', async (_label, payload) => {
    const me = await buildSignedInUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...me.headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const read = await t.app.inject({ method: 'GET', url: URL, headers: me.headers });
    expect(read.json().consentDate).toBeNull();
  });

  it('answers 400 to a body that is not JSON', async () => {
    const me = await buildSignedInUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"analytics": tru',
    });
    expect(res.statusCode).toBe(400);
  });
});
