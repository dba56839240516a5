import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTerms, users } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.skipIf(postgresUnavailable())('/api/user/search-terms and /api/user/alert-preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it.each([
    ['GET', '/api/user/search-terms'],
    ['POST', '/api/user/search-terms'],
    ['DELETE', '/api/user/search-terms/1'],
    ['PUT', '/api/user/search-terms/1/toggle'],
    ['GET', '/api/user/alert-preferences'],
    ['PUT', '/api/user/alert-preferences'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const res = await call(method, url, {}, method === 'POST' ? { searchTerm: 'x' } : undefined);
    expect(res.statusCode).toBe(401);
  });

  it('adds, lists, toggles and removes search terms', async () => {
    const me = await buildSignedInUser(t.db);
    expect((await call('GET', '/api/user/search-terms', me.headers)).json()).toEqual([]);
    const created = await call('POST', '/api/user/search-terms', me.headers, {
      searchTerm: '  Data   Protection ',
    });
    expect(created.statusCode).toBe(201);
    const term = created.json();
    expect(term).toEqual({
      id: expect.any(Number),
      searchTerm: 'Data Protection',
      isActive: true,
      createdAt: expect.any(String),
    });
    await call('POST', '/api/user/search-terms', me.headers, { searchTerm: 'fisheries' });
    const list = (await call('GET', '/api/user/search-terms', me.headers)).json();
    expect(list.map((s: { searchTerm: string }) => s.searchTerm)).toEqual(['Data Protection', 'fisheries']);

    const off = await call('PUT', `/api/user/search-terms/${term.id}/toggle`, me.headers);
    expect(off.json()).toMatchObject({ id: term.id, isActive: false });
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/user/search-terms/${term.id}/toggle`,
      headers: { ...me.headers, 'content-type': 'application/json' },
    });
    expect(on.json().isActive).toBe(true);
    const set = await call('PUT', `/api/user/search-terms/${term.id}/toggle`, me.headers, { isActive: true });
    expect(set.json().isActive).toBe(true);

    const removed = await call('DELETE', `/api/user/search-terms/${term.id}`, me.headers);
    expect(removed.json()).toEqual({ id: term.id, deleted: true });
    expect((await call('DELETE', `/api/user/search-terms/${term.id}`, me.headers)).statusCode).toBe(404);
  });

  it('refuses duplicates in any case, blanks, long and unsearchable terms', async () => {
    const me = await buildSignedInUser(t.db);
    await call('POST', '/api/user/search-terms', me.headers, { searchTerm: 'Employment Rights' });
    const dup = await call('POST', '/api/user/search-terms', me.headers, { searchTerm: 'employment RIGHTS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      code: 'search_term_exists',
      message: 'You already have this search term.',
    });
    for (const payload of [{ searchTerm: '   ' }, { searchTerm: 'x'.repeat(101) }, {}, { searchTerm: 42 }]) {
      const res = await call('POST', '/api/user/search-terms', me.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const stop = await call('POST', '/api/user/search-terms', me.headers, { searchTerm: 'the and of' });
    expect(stop.statusCode).toBe(400);
    expect(stop.json().error.code).toBe('search_term_not_searchable');
    expect(
      (await call('POST', '/api/user/search-terms', me.headers, { searchTerm: 'x'.repeat(100) })).statusCode,
    ).toBe(201);
  });

  it('caps the number of terms a member keeps', async () => {
    const me = await buildSignedInUser(t.db);
    await t.db
      .insert(searchTerms)
      .values(Array.from({ length: 100 }, (_, i) => ({ userId: me.user.id, searchTerm: `term${i}` })));
    const res = await call('POST', '/api/user/search-terms', me.headers, { searchTerm: 'one more' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('too_many_search_terms');
  });

  it("keeps each member's terms to themselves", async () => {
    const me = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    const term = (
      await call('POST', '/api/user/search-terms', me.headers, { searchTerm: 'harbours' })
    ).json();
    expect((await call('GET', '/api/user/search-terms', other.headers)).json()).toEqual([]);
    expect((await call('PUT', `/api/user/search-terms/${term.id}/toggle`, other.headers)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/user/search-terms/${term.id}`, other.headers)).json().error.code).toBe(
      'search_term_not_found',
    );
    expect((await call('DELETE', '/api/user/search-terms/abc', me.headers)).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/user/search-terms/${term.id}/toggle`, me.headers, { isActive: 'yes' }))
        .statusCode,
    ).toBe(400);
  });

  it('answers the defaults, then saves any subset of alert preferences', async () => {
    const me = await buildSignedInUser(t.db);
    const defaults = await call('GET', '/api/user/alert-preferences', me.headers);
    expect(defaults.json()).toEqual({
      emailAlertsEnabled: true,
      smsAlertsEnabled: false,
      phoneNumber: null,
      phoneVerified: false,
      alertFrequency: 'immediate',
      newBillAlerts: true,
      statusChangeAlerts: true,
      stageChangeAlerts: true,
      deadlineAlerts: false,
      lawInForceAlerts: true,
    });
    const saved = await call('PUT', '/api/user/alert-preferences', me.headers, {
      alertFrequency: 'weekly',
      deadlineAlerts: true,
      lawInForceAlerts: false,
      emailAlertsEnabled: false,
      phoneVerified: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      alertFrequency: 'weekly',
      deadlineAlerts: true,
      lawInForceAlerts: false,
      newBillAlerts: true,
      emailAlertsEnabled: false,
      phoneVerified: false,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.emailNotificationsEnabled).toBe(false);
    expect((await call('GET', '/api/user/alert-preferences', me.headers)).json().alertFrequency).toBe(
      'weekly',
    );

    for (const payload of [
      { alertFrequency: 'hourly' },
      { newBillAlerts: 'yes' },
      { phoneNumber: 'not a phone' },
    ]) {
      expect((await call('PUT', '/api/user/alert-preferences', me.headers, payload)).statusCode).toBe(400);
    }
  });

  it('turns SMS on only with a verified phone; a changed number needs verifying again', async () => {
    const me = await buildSignedInUser(t.db, { subscriptionTier: 'basic' });
    const refused = await call('PUT', '/api/user/alert-preferences', me.headers, {
      smsAlertsEnabled: true,
      newBillAlerts: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('phone_not_verified');
    expect((await call('GET', '/api/user/alert-preferences', me.headers)).json().newBillAlerts).toBe(true);

    await t.db
      .update(users)
      .set({ phoneNumber: '+447911123456', phoneVerified: true })
      .where(eq(users.id, me.user.id));
    const on = await call('PUT', '/api/user/alert-preferences', me.headers, {
      smsAlertsEnabled: true,
      phoneNumber: '07911 123456',
    });
    expect(on.json()).toMatchObject({
      smsAlertsEnabled: true,
      phoneNumber: '+447911123456',
      phoneVerified: true,
    });

    const moved = await call('PUT', '/api/user/alert-preferences', me.headers, {
      phoneNumber: '07400 123456',
      smsAlertsEnabled: true,
    });
    expect(moved.json()).toMatchObject({
      phoneNumber: '+447400123456',
      phoneVerified: false,
      smsAlertsEnabled: true,
    });
  });

  it('takes a phone number only from the countries texts may go to', async () => {
    const me = await buildSignedInUser(t.db);
    const irish = await call('PUT', '/api/user/alert-preferences', me.headers, {
      phoneNumber: '+353 85 123 4567',
    });
    expect(irish.statusCode).toBe(400);
    expect(irish.json().error.code).toBe('phone_country_not_supported');
    expect((await call('GET', '/api/user/alert-preferences', me.headers)).json().phoneNumber).toBeNull();
  });
});

describe.skipIf(postgresUnavailable())('/api/user/alert-preferences with more SMS countries allowed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SMS_ALLOWED_COUNTRY_CODES: '44,353' } });
  });
  afterAll(() => t.close());

  it('saves a number of any allowed country', async () => {
    const me = await buildSignedInUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/alert-preferences',
      headers: me.headers,
      payload: { phoneNumber: '+353 85 123 4567' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phoneNumber: '+353851234567', phoneVerified: false });
  });
});
