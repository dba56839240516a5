import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jurisdictions, userSubscriptions } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { countStatements } from '#test/unit/dashboard/statement-counter';

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
type Tier = 'trial' | 'basic' | 'premium';
const TRIAL_TEXT =
  'Subscription Limit Reached: the Free Trial plan allows 1 jurisdiction, up to 3 law areas. Upgrade to track more.';
const BASIC_TEXT =
  'Subscription Limit Reached: the Basic plan allows 1 jurisdiction. Upgrade to Premium to track more jurisdictions.';

describe.skipIf(postgresUnavailable())('subscriptions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    // this file's own database: the EU (2) and the US (3) become trackable, Japan (8) stays unavailable
    await t.db.update(jurisdictions).set({ isActive: true }).where(eq(jurisdictions.id, 2));
    await t.db.update(jurisdictions).set({ isActive: true }).where(eq(jurisdictions.id, 3));
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    member: Member | null,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: member?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const toggle = (m: Member, jurisdictionId: number, lawAreaId: number) =>
    call('PATCH', '/api/user-subscriptions/toggle', m, { jurisdictionId, lawAreaId });
  const can = (m: Member, jurisdictionId: number, lawAreaId: number) =>
    call('POST', '/api/can-subscribe', m, { jurisdictionId, lawAreaId });
  const member = (tier: Tier = 'trial') => buildSignedInUser(t.db, { subscriptionTier: tier });

  describe('limits', () => {
    it.each([
      ['trial', { maxJurisdictions: 1, maxLawAreas: 3, maxFollowed: 50 }],
      ['basic', { maxJurisdictions: 1, maxLawAreas: -1, maxFollowed: -1 }],
      ['premium', { maxJurisdictions: -1, maxLawAreas: -1, maxFollowed: -1 }],
    ] as const)('answers the %s plan’s limits on both paths', async (tier, limits) => {
      const m = await member(tier);
      for (const url of ['/api/subscription-limits', '/api/auth/user/subscription-limits']) {
        expect((await call('GET', url, m)).json()).toEqual({ tier, ...limits });
      }
    });
  });

  describe('GET /api/user-subscriptions', () => {
    it('gives a new member the UK with the first law area, once', async () => {
      const m = await member();
      const first = (await call('GET', '/api/user-subscriptions', m)).json();
      expect(first).toEqual([
        {
          id: expect.any(Number),
          jurisdictionId: 1,
          lawAreaId: 1,
          isActive: true,
          jurisdiction: { name: 'United Kingdom', flag: '🇬🇧' },
          lawArea: { name: 'General' },
        },
      ]);
      expect((await call('GET', '/api/user-subscriptions', m)).json()).toEqual(first);
    });

    it('answers only the member’s own pairs, in jurisdiction and law area order', async () => {
      const m = await member('premium');
      const other = await member('premium');
      await toggle(m, 2, 5);
      await toggle(m, 1, 3);
      await toggle(other, 3, 4);
      const body = (await call('GET', '/api/user-subscriptions', m)).json();
      expect(
        body.map((s: { jurisdictionId: number; lawAreaId: number }) => [s.jurisdictionId, s.lawAreaId]),
      ).toEqual([
        [1, 3],
        [2, 5],
      ]);
    });
  });

  describe('PATCH /api/user-subscriptions/toggle and POST /api/can-subscribe', () => {
    it('creates a missing pair active, then flips it', async () => {
      const m = await member();
      const on = await toggle(m, 1, 4);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({
        jurisdictionId: 1,
        lawAreaId: 4,
        isActive: true,
        jurisdiction: { name: 'United Kingdom' },
        lawArea: { name: 'Financial Services' },
      });
      const off = (await toggle(m, 1, 4)).json();
      expect(off).toMatchObject({ id: on.json().id, isActive: false });
      expect((await toggle(m, 1, 4)).json()).toMatchObject({ id: on.json().id, isActive: true });
    });

    it('holds a trial member to 1 jurisdiction and 3 law areas, and always allows switching off', async () => {
      const m = await member();
      for (const area of [1, 2, 3]) expect((await toggle(m, 1, area)).json().isActive).toBe(true);
      expect((await can(m, 1, 4)).json()).toEqual({
        canSubscribe: false,
        reason: TRIAL_TEXT,
        code: 'subscription_limit_reached',
      });
      const refused = await toggle(m, 1, 4);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'subscription_limit_reached',
        message: TRIAL_TEXT,
        details: { tier: 'trial', limit: 'law_areas', maxJurisdictions: 1, maxLawAreas: 3 },
      });
      expect((await toggle(m, 2, 1)).json().error).toMatchObject({
        code: 'subscription_limit_reached',
        details: { limit: 'jurisdictions' },
      });
      // nothing was written by the refusals
      const rows = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, m.user.id));
      expect(rows).toHaveLength(3);
      expect((await can(m, 1, 2)).json()).toEqual({ canSubscribe: true });
      expect((await toggle(m, 1, 2)).json().isActive).toBe(false);
      expect((await can(m, 1, 4)).json()).toEqual({ canSubscribe: true });
      expect((await toggle(m, 1, 4)).json().isActive).toBe(true);
    });

    it('gives a basic member every law area in one jurisdiction', async () => {
      const m = await member('basic');
      for (const area of [1, 2, 3, 4, 5, 6]) expect((await toggle(m, 1, area)).statusCode).toBe(200);
      expect((await can(m, 2, 1)).json()).toEqual({
        canSubscribe: false,
        reason: BASIC_TEXT,
        code: 'subscription_limit_reached',
      });
      expect((await toggle(m, 2, 1)).statusCode).toBe(403);
    });

    it('gives a premium member every available jurisdiction', async () => {
      const m = await member('premium');
      for (const [j, a] of [
        [1, 1],
        [2, 1],
        [3, 7],
        [3, 8],
      ] as const)
        expect((await toggle(m, j, a)).json().isActive).toBe(true);
    });

    it('refuses a jurisdiction that is not available yet, whatever the plan', async () => {
      const m = await member('premium');
      expect((await can(m, 8, 1)).json()).toEqual({
        canSubscribe: false,
        reason: 'Japan cannot be tracked yet. Choose a jurisdiction that is available.',
        code: 'jurisdiction_unavailable',
      });
      expect((await toggle(m, 8, 1)).json().error.code).toBe('jurisdiction_unavailable');
    });

    it.each([1, 2, 3])(
      'lets only one of several toggles sent at once take the last free law area (run %i)',
      async () => {
        const m = await member();
        await toggle(m, 1, 1);
        await toggle(m, 1, 2);
        const answers = await Promise.all([3, 4, 5, 6].map((area) => toggle(m, 1, area)));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403, 403, 403]);
      },
    );

    it('stays within 5 SQL statements, session lookup included', async () => {
      const m = await member();
      const { count, statements } = await countStatements(t.database.pool, () => toggle(m, 1, 1));
      expect(count, statements.join('\n')).toBeLessThanOrEqual(5);
    });

    it.each([
      [{ jurisdictionId: 99, lawAreaId: 1 }, 'body.jurisdictionId'],
      [{ jurisdictionId: 1, lawAreaId: 999 }, 'body.lawAreaId'],
      [{ jurisdictionId: '1', lawAreaId: 1 }, 'body.jurisdictionId'],
      [{ jurisdictionId: 1.5, lawAreaId: 1 }, 'body.jurisdictionId'],
      [{ jurisdictionId: 1, lawAreaId: -2 }, 'body.lawAreaId'],
      [{ jurisdictionId: 1 }, 'body.lawAreaId'],
      [{ lawAreaId: 1 }, 'body.jurisdictionId'],
    ])('rejects %j naming %s on both calls', async (payload, field) => {
      const m = await member();
      for (const res of [
        await call('PATCH', '/api/user-subscriptions/toggle', m, payload),
        await call('POST', '/api/can-subscribe', m, payload),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
        expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
    });
  });

  describe('POST and DELETE /api/user-subscriptions', () => {
    it('adds a jurisdiction with law area 1 by default, answering the same pair again', async () => {
      const m = await member('premium');
      const added = await call('POST', '/api/user-subscriptions', m, { jurisdictionId: 2 });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({
        jurisdictionId: 2,
        lawAreaId: 1,
        isActive: true,
        jurisdiction: { name: 'European Union' },
      });
      const again = await call('POST', '/api/user-subscriptions', m, { jurisdictionId: 2, lawAreaId: 1 });
      expect(again.json()).toMatchObject({ id: added.json().id, isActive: true });
    });

    it('refuses a second jurisdiction on the trial', async () => {
      const m = await member();
      expect((await call('POST', '/api/user-subscriptions', m, { jurisdictionId: 1 })).statusCode).toBe(201);
      const res = await call('POST', '/api/user-subscriptions', m, { jurisdictionId: 2 });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(TRIAL_TEXT);
    });

    it('deletes only the member’s own pair', async () => {
      const m = await member('premium');
      const other = await member('premium');
      const mine = (await call('POST', '/api/user-subscriptions', m, { jurisdictionId: 3 })).json();
      const notMine = await call('DELETE', `/api/user-subscriptions/${mine.id}`, other);
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json().error.code).toBe('subscription_not_found');
      const res = await call('DELETE', `/api/user-subscriptions/${mine.id}`, m);
      expect(res.statusCode).toBe(204);
      expect((await call('DELETE', `/api/user-subscriptions/${mine.id}`, m)).statusCode).toBe(404);
    });

    it.each(['0', 'abc', '-4'])('rejects the id %s naming params.id', async (id) => {
      const res = await call('DELETE', `/api/user-subscriptions/${id}`, await member());
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain('params.id');
    });
  });

  it.each([
    ['GET', '/api/subscription-limits'],
    ['GET', '/api/auth/user/subscription-limits'],
    ['GET', '/api/user-subscriptions'],
    ['POST', '/api/can-subscribe'],
    ['PATCH', '/api/user-subscriptions/toggle'],
    ['POST', '/api/user-subscriptions'],
    ['DELETE', '/api/user-subscriptions/1'],
  ] as const)('%s %s answers 401 signed out, before reading the input', async (method, url) => {
    const res = await call(
      method,
      url,
      null,
      method === 'GET' || method === 'DELETE' ? undefined : { jurisdictionId: 'x' },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Unauthorized' } });
  });
});
