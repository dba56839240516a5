import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { userActions } from '#server/db/schema';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { countStatements } from '#test/unit/dashboard/statement-counter';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('GET /api/legal-changes', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    // 7 primary and 5 secondary items on distinct dates; titles in a known order
    for (let i = 0; i < 7; i++) {
      const row = await buildLegalChange(t.db, {
        title: `Bill ${String.fromCharCode(71 - i)}`,
        itemDate: `2026-09-${10 + i}`,
      });
      ids[`p${i}`] = row.id;
    }
    for (let i = 0; i < 5; i++) {
      const row = await buildLegalChange(t.db, {
        title: `Regulations ${i}`,
        category: 'secondary',
        legislationType: 'uksi',
        itemDate: `2026-08-0${i + 1}`,
      });
      ids[`s${i}`] = row.id;
    }
  });
  afterAll(() => t.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/legal-changes${query}` });

  it('answers a page with data, total and hasMore, newest first by default', async () => {
    const res = await get('?limit=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(12);
    expect(body.hasMore).toBe(true);
    expect(body.data.map((r: { id: number }) => r.id)).toEqual([ids.p6, ids.p5, ids.p4, ids.p3, ids.p2]);
  });

  it('pages by keyset without gaps or repeats', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = (await get(`?limit=5&page=${page}`)).json();
      seen.push(...body.data.map((r: { id: number }) => r.id));
      expect(body.hasMore).toBe(page < 3);
    }
    expect(new Set(seen).size).toBe(12);
    expect((await get('?limit=5&page=4')).json().data).toEqual([]);
  });

  it('filters by category and sorts by title in both directions', async () => {
    const asc = (await get('?legislationType=primary&sortBy=title')).json();
    expect(asc.total).toBe(7);
    expect(asc.data[0].title).toBe('Bill A');
    const desc = (await get('?legislationType=primary&sortBy=title&sortOrder=desc&limit=2&page=2')).json();
    expect(desc.data.map((r: { title: string }) => r.title)).toEqual(['Bill E', 'Bill D']);
  });

  it('limits secondary items to a month', async () => {
    const body = (await get('?legislationType=secondary&startDate=2026-08-02&endDate=2026-08-04')).json();
    expect(body.data.map((r: { id: number }) => r.id)).toEqual([ids.s3, ids.s2, ids.s1]);
  });

  it.each([
    ['?limit=51', 'querystring.limit'],
    ['?page=0', 'querystring.page'],
    ['?sortBy=popularity', 'querystring.sortBy'],
    ['?legislationType=acts', 'querystring.legislationType'],
    ['?startDate=2026-13-45x', 'querystring.startDate'],
    ['?jurisdictionId=abc', 'querystring.jurisdictionId'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('answers one legal change by id, 404 when missing, 400 for a bad id', async () => {
    const one = await t.app.inject({ method: 'GET', url: `/api/legal-changes/${ids.p0}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: ids.p0,
      title: 'Bill G',
      category: 'primary',
      longTitle: expect.any(String),
    });
    const missing = await t.app.inject({ method: 'GET', url: '/api/legal-changes/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe("The legal change you're looking for doesn't exist.");
    expect((await t.app.inject({ method: 'GET', url: '/api/legal-changes/-3' })).statusCode).toBe(400);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe.skipIf(postgresUnavailable())('GET /api/legal-changes for a signed-in member', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof buildSignedInUser>>;
  let other: Awaited<ReturnType<typeof buildSignedInUser>>;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    // ten items, newest first in ids[0]
    for (let i = 0; i < 10; i++)
      ids.push(
        (await buildLegalChange(t.db, { title: `Member Bill ${i}`, itemDate: `2026-07-${20 - i}` })).id,
      );
    member = await buildSignedInUser(t.db);
    other = await buildSignedInUser(t.db);
    await t.db.insert(userActions).values([
      { userId: member.user.id, legalChangeId: ids[0]!, action: 'followed' },
      { userId: member.user.id, legalChangeId: ids[1]!, action: 'dismissed' },
      { userId: member.user.id, legalChangeId: ids[5]!, action: 'dismissed' },
      { userId: other.user.id, legalChangeId: ids[2]!, action: 'dismissed' },
      { userId: other.user.id, legalChangeId: ids[3]!, action: 'followed' },
    ]);
  });
  afterAll(() => t.close());

  const list = (query: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/legal-changes${query}`, headers });
  const idsOf = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);

  it('leaves the member’s dismissed items out, shows their actions and takes them off the total', async () => {
    const body = (await list('?limit=50', member.headers)).json();
    expect(idsOf(body)).toEqual(ids.filter((_, i) => i !== 1 && i !== 5));
    expect(body.total).toBe(8);
    expect(body.data[0]).toMatchObject({ id: ids[0], userAction: 'followed' });
    expect(body.data.filter((r: { userAction: string | null }) => r.userAction !== null)).toHaveLength(1);
  });

  it('shows dismissed items with includeDismissed=true', async () => {
    const body = (await list('?includeDismissed=true', member.headers)).json();
    expect(body.total).toBe(10);
    expect(body.data.find((r: { id: number }) => r.id === ids[1]).userAction).toBe('dismissed');
  });

  it('never shows one member’s actions to another', async () => {
    const body = (await list('', other.headers)).json();
    expect(body.total).toBe(9);
    expect(idsOf(body)).not.toContain(ids[2]);
    expect(idsOf(body)).toContain(ids[1]);
    const actions = Object.fromEntries(
      body.data.map((r: { id: number; userAction: string | null }) => [r.id, r.userAction]),
    );
    expect(actions[ids[0]!]).toBeNull();
    expect(actions[ids[3]!]).toBe('followed');
  });

  it('answers null actions and every item when signed out', async () => {
    const body = (await list('')).json();
    expect(body.total).toBe(10);
    expect(body.data.every((r: { userAction: unknown }) => r.userAction === null)).toBe(true);
  });

  it('pages by keyset over the remaining items without gaps or repeats', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = (await list(`?limit=3&page=${page}`, member.headers)).json();
      seen.push(...idsOf(body));
      expect(body.hasMore).toBe(page < 3);
    }
    expect(seen).toEqual(ids.filter((_, i) => i !== 1 && i !== 5));
    expect((await list('?limit=3&page=4', member.headers)).json()).toMatchObject({
      data: [],
      hasMore: false,
    });
  });

  it('runs at most 5 SQL statements for a deep page, session lookup included', async () => {
    const { count, statements } = await countStatements(t.database.pool, () =>
      list('?limit=2&page=3', member.headers),
    );
    expect(count, statements.join('\n')).toBeLessThanOrEqual(5);
  });

  it('finds a member’s deep page from the shared pages and the actions read with their session', async () => {
    const { statements } = await countStatements(t.database.pool, async () => {
      // a question not asked before, so its shared pages are read here
      expect(idsOf((await list('?limit=4&page=2', member.headers)).json())).toEqual([
        ids[6],
        ids[7],
        ids[8],
        ids[9],
      ]);
    });
    // the shared boundary walks the sort index with no member's rows in it
    const boundary = statements.find((s) => /offset/i.test(s));
    expect(boundary, statements.join('\n')).toBeDefined();
    expect(boundary).not.toMatch(/join|user_actions/i);
    // the member's actions came with their session: nothing else reads them
    const own = statements.filter((s) => /user_actions/i.test(s) && !/^select "users"/i.test(s));
    expect(own, statements.join('\n')).toHaveLength(0);
  });

  it.each(['?includeDismissed=yes', '?includeDismissed=', '?includeDismissed=TRUE'])(
    'rejects %s naming the field',
    async (query) => {
      const res = await list(query, member.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(
        'querystring.includeDismissed',
      );
    },
  );
});
