import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions } from '#server/db/schema';
import { TIER_LIMITS } from '#shared/tiers';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { countStatements } from '#test/unit/dashboard/statement-counter';

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
const CAP = TIER_LIMITS.trial.maxFollowed;

describe.skipIf(postgresUnavailable())('GET and POST /api/legal-changes/:id/action', () => {
  let t: TestApp;
  let item: number;
  let member: Member;

  beforeAll(async () => {
    t = await buildTestApp();
    item = (await buildLegalChange(t.db)).id;
    member = await buildSignedInUser(t.db);
  });
  afterAll(() => t.close());

  const getAction = (id: number | string, headers: Record<string, string> = member.headers) =>
    t.app.inject({ method: 'GET', url: `/api/legal-changes/${id}/action`, headers });
  const postAction = (
    id: number | string,
    payload: unknown,
    headers: Record<string, string> = member.headers,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/legal-changes/${id}/action`,
      headers,
      payload: payload as object,
    });

  it('answers null before any choice, then the stored choice, and none clears it', async () => {
    expect((await getAction(item)).json()).toEqual({ action: null });
    expect((await postAction(item, { action: 'followed' })).json()).toEqual({ action: 'followed' });
    expect((await getAction(item)).json()).toEqual({ action: 'followed' });
    expect((await postAction(item, { action: 'dismissed' })).json()).toEqual({ action: 'dismissed' });
    const rows = await t.db.select().from(userActions).where(eq(userActions.userId, member.user.id));
    expect(rows).toHaveLength(1);
    expect((await postAction(item, { action: 'none' })).json()).toEqual({ action: null });
    expect((await getAction(item)).json()).toEqual({ action: null });
    expect(await t.db.select().from(userActions).where(eq(userActions.userId, member.user.id))).toHaveLength(
      0,
    );
    expect((await postAction(item, { action: 'none' })).json()).toEqual({ action: null });
  });

  it('keeps each member’s choice to themselves', async () => {
    const other = await buildSignedInUser(t.db);
    await postAction(item, { action: 'dismissed' }, other.headers);
    await postAction(item, { action: 'followed' });
    expect((await getAction(item, other.headers)).json()).toEqual({ action: 'dismissed' });
    expect((await getAction(item)).json()).toEqual({ action: 'followed' });
    await postAction(item, { action: 'none' }, other.headers);
    expect((await getAction(item)).json()).toEqual({ action: 'followed' });
  });

  it('answers 404 for a missing item on every action', async () => {
    for (const res of [
      await getAction(999_999),
      await postAction(999_999, { action: 'followed' }),
      await postAction(999_999, { action: 'dismissed' }),
      await postAction(999_999, { action: 'none' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('legal_change_not_found');
    }
  });

  it('answers 401 signed out, before reading the input', async () => {
    for (const res of [
      await getAction(item, {}),
      await postAction(item, { action: 'followed' }, {}),
      await postAction('x', {}, {}),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Unauthorized' } });
    }
  });

  it.each([
    [{ action: 'follow' }, 'body.action'],
    [{ action: null }, 'body.action'],
    [{}, 'body.action'],
  ])('rejects the body %j naming %s', async (payload, field) => {
    const res = await postAction(item, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it.each(['0', '-1', 'abc', '1.5', '99999999999'])('rejects the id %s naming params.id', async (id) => {
    const res = await getAction(id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain('params.id');
  });
});

describe.skipIf(postgresUnavailable())('the trial’s followed-items cap', () => {
  let t: TestApp;
  let items: number[];

  beforeAll(async () => {
    t = await buildTestApp();
    // CAP + 5 items in one statement
    const { rows } = await t.database.pool.query<{ id: number }>(
      `insert into legal_changes (source, upstream_id, title, category, legislation_type)
       select 'parliament_bills', 'cap-' || g, 'Capped Bill ' || g, 'primary', 'uk_parliament_bill'
       from generate_series(1, $1::int) g returning id`,
      [CAP + 5],
    );
    items = rows.map((r) => r.id).sort((a, b) => a - b);
  });
  afterAll(() => t.close());

  const follow = (member: Member, id: number, action = 'followed') =>
    t.app.inject({
      method: 'POST',
      url: `/api/legal-changes/${id}/action`,
      headers: member.headers,
      payload: { action },
    });
  const followMany = (member: Member, ids: number[]) =>
    t.db
      .insert(userActions)
      .values(
        ids.map((legalChangeId) => ({ userId: member.user.id, legalChangeId, action: 'followed' as const })),
      );

  it(`lets a trial member follow ${CAP} items and refuses the next with follow_limit_reached`, async () => {
    const member = await buildSignedInUser(t.db);
    await followMany(member, items.slice(0, CAP - 1));
    expect((await follow(member, items[CAP - 1]!)).json()).toEqual({ action: 'followed' });
    const refused = await follow(member, items[CAP]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'follow_limit_reached',
      message: `You can follow up to ${CAP} items on the Free Trial. Unfollow an item or upgrade to follow more.`,
      details: { tier: 'trial', maxFollowed: CAP },
    });
    // still allowed at the cap: following again, dismissing, unfollowing then following another
    expect((await follow(member, items[0]!)).statusCode).toBe(200);
    expect((await follow(member, items[CAP + 1]!, 'dismissed')).json()).toEqual({ action: 'dismissed' });
    expect((await follow(member, items[0]!, 'none')).json()).toEqual({ action: null });
    expect((await follow(member, items[CAP]!)).json()).toEqual({ action: 'followed' });
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(userActions)
      .where(and(eq(userActions.userId, member.user.id), eq(userActions.action, 'followed')));
    expect(count!.n).toBe(CAP);
  });

  it('counts each member’s follows separately', async () => {
    const full = await buildSignedInUser(t.db);
    await followMany(full, items.slice(0, CAP));
    const fresh = await buildSignedInUser(t.db);
    expect((await follow(fresh, items[0]!)).statusCode).toBe(200);
  });

  it('lets basic and premium members follow without a cap', async () => {
    for (const tier of ['basic', 'premium'] as const) {
      const member = await buildSignedInUser(t.db, { subscriptionTier: tier });
      await followMany(member, items.slice(0, CAP));
      expect((await follow(member, items[CAP]!)).json()).toEqual({ action: 'followed' });
    }
  });

  it.each([1, 2, 3])(
    'lets only one of several follows sent at once pass the last free place (run %i)',
    async () => {
      const member = await buildSignedInUser(t.db);
      await followMany(member, items.slice(0, CAP - 1));
      const answers = await Promise.all(items.slice(CAP - 1, CAP + 4).map((id) => follow(member, id)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403, 403, 403, 403]);
    },
  );

  it('stays within 5 SQL statements for a capped follow, session lookup included', async () => {
    const member = await buildSignedInUser(t.db);
    const { count, statements } = await countStatements(t.database.pool, () => follow(member, items[0]!));
    expect(count, statements.join('\n')).toBeLessThanOrEqual(5);
  });
});

describe.skipIf(postgresUnavailable())('GET /api/legal-changes/followed', () => {
  let t: TestApp;
  let member: Member;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    for (let i = 0; i < 5; i++) ids.push((await buildLegalChange(t.db, { title: `Followed Bill ${i}` })).id);
    member = await buildSignedInUser(t.db);
    // followed at known times: ids[3] newest, then ids[0], ids[4]; ids[1] dismissed; ids[2] untouched
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await t.db.insert(userActions).values([
      { userId: member.user.id, legalChangeId: ids[4]!, action: 'followed', updatedAt: at(30) },
      { userId: member.user.id, legalChangeId: ids[0]!, action: 'followed', updatedAt: at(20) },
      { userId: member.user.id, legalChangeId: ids[3]!, action: 'followed', updatedAt: at(10) },
      { userId: member.user.id, legalChangeId: ids[1]!, action: 'dismissed', updatedAt: at(5) },
    ]);
    const other = await buildSignedInUser(t.db);
    await t.db
      .insert(userActions)
      .values({ userId: other.user.id, legalChangeId: ids[2]!, action: 'followed' });
  });
  afterAll(() => t.close());

  const followed = (query = '', headers: Record<string, string> = member.headers) =>
    t.app.inject({ method: 'GET', url: `/api/legal-changes/followed${query}`, headers });

  it('answers the member’s followed items, newest follow first, in the list shape with followedAt', async () => {
    const body = (await followed()).json();
    expect(body.data.map((r: { id: number }) => r.id)).toEqual([ids[3], ids[0], ids[4]]);
    expect(body).toMatchObject({ total: 3, hasMore: false, page: 1, limit: 50 });
    expect(body.data[0]).toMatchObject({
      title: 'Followed Bill 3',
      userAction: 'followed',
      followedAt: expect.any(String),
    });
    expect(Date.parse(body.data[0].followedAt)).toBeGreaterThan(Date.parse(body.data[1].followedAt));
  });

  it('keeps followedAt when an item is followed again, and moves it when re-followed after a dismissal', async () => {
    const post = (id: number, action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/legal-changes/${id}/action`,
        headers: member.headers,
        payload: { action },
      });
    await post(ids[4]!, 'followed');
    expect((await followed()).json().data.at(-1).id).toBe(ids[4]);
    await post(ids[1]!, 'followed');
    expect((await followed()).json().data[0].id).toBe(ids[1]);
    await post(ids[1]!, 'dismissed');
  });

  it('pages, and past the end answers no rows with the total', async () => {
    const page2 = (await followed('?limit=2&page=2')).json();
    expect(page2).toMatchObject({ total: 3, hasMore: false, page: 2, limit: 2 });
    expect(page2.data.map((r: { id: number }) => r.id)).toEqual([ids[4]]);
    expect((await followed('?limit=2&page=5')).json()).toMatchObject({ data: [], total: 3, hasMore: false });
  });

  it('answers an empty list for a member who follows nothing', async () => {
    const fresh = await buildSignedInUser(t.db);
    expect((await followed('', fresh.headers)).json()).toEqual({
      data: [],
      total: 0,
      hasMore: false,
      page: 1,
      limit: 50,
    });
  });

  it('answers 401 signed out', async () => {
    const res = await followed('', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it.each([
    ['?limit=101', 'querystring.limit'],
    ['?limit=0', 'querystring.limit'],
    ['?page=0', 'querystring.page'],
    ['?page=x', 'querystring.page'],
  ])('rejects %s naming %s', async (query, field) => {
    const res = await followed(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});
