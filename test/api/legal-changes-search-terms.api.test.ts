/** Search by a member's saved terms, and both searches over more matches than they count. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchTerms, userActions } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { countStatements } from '#test/unit/dashboard/statement-counter';

const idsOf = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);

describe.skipIf(postgresUnavailable())('GET /api/legal-changes/search-terms', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof buildSignedInUser>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const make = async (
      key: string,
      title: string,
      itemDate: string,
      description = 'Provision about other matters.',
    ) => {
      ids[key] = (await buildLegalChange(t.db, { title, itemDate, description, longTitle: null })).id;
    };
    await make('phrase', 'Data Protection Bill', '2026-05-01');
    await make('wordsApart', 'Protection of Data Bill', '2026-05-02');
    await make('upperCase', 'TAX CREDITS BILL', '2026-05-03');
    await make('taxi', 'Taxi Licensing Bill', '2026-05-04');
    await make('syntax', 'Syntax Regulations', '2026-05-05');
    await make('inactive', 'Remote Working Bill', '2026-05-06');
    await make('otherMembers', 'Agriculture Bill', '2026-05-07');
    await make('plural', 'Fuel Duty Bill', '2026-05-08', 'This Bill changes the taxes on fuel.');
    await make('both', 'Tax and Data Protection Bill', '2026-05-09');
    await make('quoted', "O'Brien's Law Bill", '2026-05-10');
    member = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    await t.db.insert(searchTerms).values([
      { userId: member.user.id, searchTerm: 'data protection' },
      { userId: member.user.id, searchTerm: 'Tax' },
      { userId: member.user.id, searchTerm: 'the' },
      { userId: member.user.id, searchTerm: "O'Brien's" },
      { userId: member.user.id, searchTerm: 'remote working', isActive: false },
      { userId: other.user.id, searchTerm: 'agriculture' },
    ]);
  });
  afterAll(() => t.close());

  const get = (query: string, headers: Record<string, string> | undefined = member.headers) =>
    t.app.inject({ method: 'GET', url: `/api/legal-changes/search-terms${query}`, headers });

  it('answers items matching any active term: whole words, any case, phrases in order, newest first', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(idsOf(body)).toEqual([ids.quoted, ids.both, ids.plural, ids.upperCase, ids.phrase]);
    expect(body).toMatchObject({ total: 5, hasMore: false, page: 1, limit: 50, activeTermCount: 4 });
    const terms = Object.fromEntries(
      body.data.map((r: { id: number; matchedTerms: string[] }) => [r.id, r.matchedTerms]),
    );
    expect(terms[ids.both!]).toEqual(['data protection', 'Tax']);
    expect(terms[ids.plural!]).toEqual(['Tax']);
    expect(terms[ids.quoted!]).toEqual(["O'Brien's"]);
  });

  it('pages through the matches and leaves out dismissed items', async () => {
    const page2 = (await get('?limit=2&page=2')).json();
    expect(idsOf(page2)).toEqual([ids.plural, ids.upperCase]);
    expect(page2.hasMore).toBe(true);
    await t.db
      .insert(userActions)
      .values({ userId: member.user.id, legalChangeId: ids.plural!, action: 'dismissed' });
    const after = (await get('')).json();
    expect(idsOf(after)).not.toContain(ids.plural);
    expect(after.total).toBe(4);
    expect((await get('?includeDismissed=true')).json().total).toBe(5);
  });

  it('answers at most 100 rows a page when asked for the spec’s 10,000', async () => {
    const body = (await get('?limit=10000')).json();
    expect(body.limit).toBe(100);
  });

  it('answers an empty list for a member without active terms', async () => {
    const fresh = await buildSignedInUser(t.db);
    expect((await get('', fresh.headers)).json()).toEqual({
      data: [],
      total: 0,
      totalCapped: false,
      hasMore: false,
      page: 1,
      limit: 50,
      activeTermCount: 0,
    });
  });

  it('runs at most 5 SQL statements for a deep page, session lookup included', async () => {
    const { count, statements } = await countStatements(t.database.pool, () => get('?limit=1&page=3'));
    expect(count, statements.join('\n')).toBeLessThanOrEqual(5);
  });

  it('answers 401 when signed out, before reading the query', async () => {
    for (const query of ['', '?limit=abc']) {
      const res = await get(query, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Unauthorized' } });
    }
  });

  it.each([
    ['?limit=10001', 'querystring.limit'],
    ['?limit=0', 'querystring.limit'],
    ['?page=0', 'querystring.page'],
    ['?sortBy=rank', 'querystring.sortBy'],
    ['?sortOrder=up', 'querystring.sortOrder'],
  ])('rejects %s with a 400 naming %s', async (query, field) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});

describe.skipIf(postgresUnavailable())('search and search terms over more than 10,000 matches', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof buildSignedInUser>>;

  beforeAll(async () => {
    // the shared answers live a minute here (5 s by default), so the pages a test reads in turn
    // share one ranking however slow the machine is
    t = await buildTestApp({ env: { ANONYMOUS_ANSWER_CACHE_SECONDS: '60' } });
    await t.database.pool.query(
      `insert into legal_changes (source, upstream_id, title, category, legislation_type, item_date)
       select 'bench', 'widget-' || g, 'Widget Regulations ' || g, 'secondary', 'uksi', date '2026-01-01' - (g % 3000)
       from generate_series(1, 10005) g`,
    );
    await buildLegalChange(t.db, { title: 'Widget Safety Bill', itemDate: '2020-01-01' });
    // more than the ranked 1,000 but fewer than 10,000
    await t.database.pool.query(
      `insert into legal_changes (source, upstream_id, title, category, legislation_type, item_date)
       select 'bench', 'gadget-' || g, 'Gadget Order ' || g, 'secondary', 'uksi', date '2026-01-01' - (g % 900)
       from generate_series(1, 1500) g`,
    );
    member = await buildSignedInUser(t.db);
    await t.db.insert(searchTerms).values({ userId: member.user.id, searchTerm: 'widget' });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: member.headers });

  it('answers a search total of "10,000+" and pages only through the ranked 1,000', async () => {
    const first = (await get('/api/legal-changes/search?q=widget')).json();
    expect(first).toMatchObject({ total: 10_000, totalCapped: true, hasMore: true, resultCap: 1000 });
    expect(first.data).toHaveLength(50);
    expect(first.data[0].itemDate).toBe('2026-01-01');
    const last = (await get('/api/legal-changes/search?q=widget&page=20')).json();
    expect(last).toMatchObject({ totalCapped: true, hasMore: false });
    expect(last.data).toHaveLength(50);
  });

  it('counts exactly below the cap, past the 1,000 ranked candidates', async () => {
    const body = (await get('/api/legal-changes/search?q=widget%20safety')).json();
    expect(body).toMatchObject({ total: 1, totalCapped: false, hasMore: false });
    const filtered = (await get('/api/legal-changes/search?q=widget&legislationType=primary')).json();
    expect(filtered).toMatchObject({ total: 1, totalCapped: false });
  });

  it('counts a term with more matches than the ranked set once for a while, less each member’s dismissed matches', async () => {
    const reader = await buildSignedInUser(t.db);
    const { rows } = await t.database.pool.query<{ id: number }>(
      `select id from legal_changes where title like 'Gadget Order %' order by id limit 2`,
    );
    const heard = vi.spyOn(t.app.caches.memberSessions, 'heard');
    await t.db
      .insert(userActions)
      .values(
        rows.map((r) => ({ userId: reader.user.id, legalChangeId: r.id, action: 'dismissed' as const })),
      );
    // on PostgreSQL the app hears of the change (a NOTIFY at commit) and drops what it kept of the
    // member: that comes first, however slow the machine, so that what page 1 reads is kept after
    if (t.database.mode === 'postgres')
      await expect
        .poll(() => heard.mock.calls.some(([payload]) => payload === String(reader.user.id)), {
          timeout: 10_000,
        })
        .toBe(true);
    heard.mockRestore();
    const search = (query: string, headers: Record<string, string> = reader.headers) =>
      t.app.inject({ method: 'GET', url: `/api/legal-changes/search?q=gadget${query}`, headers });

    expect((await search('')).json()).toMatchObject({ total: 1498, totalCapped: false, hasMore: true });
    expect((await search('&includeDismissed=true')).json()).toMatchObject({
      total: 1500,
      totalCapped: false,
    });
    expect((await search('', member.headers)).json()).toMatchObject({ total: 1500, totalCapped: false });
    expect((await search('', {})).json()).toMatchObject({ total: 1500, totalCapped: false });

    // the next page counts nothing and reads nothing of the member's: the shared count is kept,
    // and their dismissed matches were read with their actions for page 1 and are kept until
    // they change something
    const { statements } = await countStatements(t.database.pool, async () => {
      expect((await search('&page=2')).json()).toMatchObject({ total: 1498, page: 2, hasMore: true });
    });
    const counts = statements.filter(
      (s) => /count\(/i.test(s) && !/with "candidates"/.test(s) && !/from "sessions"/.test(s),
    );
    expect(counts, statements.join('\n')).toHaveLength(0);
    const own = statements.filter((s) => /from "user_actions"|from "sessions"/.test(s));
    expect(own, statements.join('\n')).toHaveLength(0);
  });

  it('answers a search-terms total of "10,000+"', async () => {
    const body = (await get('/api/legal-changes/search-terms?limit=10000&page=3')).json();
    expect(body).toMatchObject({ total: 10_000, totalCapped: true, hasMore: true, limit: 100, page: 3 });
    expect(body.data).toHaveLength(100);
    expect(body.data[0].matchedTerms).toEqual(['widget']);
  });
});
