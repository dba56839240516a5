import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions } from '#server/db/schema';
import { compileCheck } from '#server/http/serializer';
import { searchQuery } from '#server/modules/legal-changes/legal-changes-search.queries';
import { searchForMember } from '#server/modules/legal-changes/legal-changes-search.service';
import { legalChangeSearchResult, searchLegalChangesQuery } from '#shared/schemas/legal-changes';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { countStatements } from '#test/unit/dashboard/statement-counter';

type Item = {
  id: number;
  title: string;
  rank: number;
  userAction: string | null;
  highlights: { title: Part[]; description: Part[] };
};
type Part = { text: string; match: boolean };
const idsOf = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);

describe.skipIf(postgresUnavailable())('GET /api/legal-changes/search', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const make = async (key: string, o: Parameters<typeof buildLegalChange>[1]) => {
      ids[key] = (
        await buildLegalChange(t.db, { longTitle: null, description: 'Provision about other matters.', ...o })
      ).id;
    };
    // the same terms in the title (weight A), the long title (B) and the description (C)
    await make('title', { title: 'Renewable Energy Bill', itemDate: '2025-01-01' });
    await make('longTitle', {
      title: 'Agriculture Bill',
      longTitle: 'A Bill to make provision about renewable energy on farms.',
      itemDate: '2026-05-01',
    });
    await make('description', {
      title: 'Planning Bill',
      description: 'Sets renewable energy targets for local plans.',
      itemDate: '2026-06-01',
    });
    await make('oneWord', {
      title: 'Renewable Heat Incentive Regulations',
      category: 'secondary',
      legislationType: 'uksi',
      itemDate: '2026-06-02',
    });
    await make('secondary', {
      title: 'Renewable Energy (Fees) Regulations',
      category: 'secondary',
      legislationType: 'uksi',
      itemDate: '2026-02-01',
    });
    await make('elsewhere', {
      title: 'Renewable Energy (Guernsey) Bill',
      jurisdictionId: 2,
      itemDate: '2026-02-02',
    });
    for (let i = 0; i < 7; i++)
      await make(`pension${i}`, { title: `Pension Schemes Bill ${i}`, itemDate: `2026-03-0${i + 1}` });
    await make('leave', {
      title: 'Employment Bill',
      description: 'Extends parental leave to fathers.',
      itemDate: '2026-04-01',
    });
    await make('leavePension', {
      title: 'Employment (Pensions) Bill',
      description: 'Parental leave and pension rights.',
      itemDate: '2026-04-02',
    });
    await make('wordsApart', {
      title: 'Leave Bill',
      description: 'Parental rights and leave.',
      itemDate: '2026-04-03',
    });
  });
  afterAll(() => t.close());

  const search = (query: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/legal-changes/search${query}`, headers });

  it('ranks title matches above long-title matches above description matches, every match counted', async () => {
    const res = await search('?q=renewable%20energy&legislationType=primary&jurisdictionId=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(idsOf(body)).toEqual([ids.title, ids.longTitle, ids.description]);
    expect(body).toMatchObject({
      total: 3,
      totalCapped: false,
      hasMore: false,
      page: 1,
      limit: 50,
      resultCap: 1000,
    });
    const ranks = body.data.map((r: Item) => r.rank);
    expect(ranks[0]).toBeGreaterThan(ranks[1]);
    expect(ranks[1]).toBeGreaterThan(ranks[2]);
  });

  it('answers highlights as plain-text runs, words marked in the title and the description', async () => {
    const body = (await search('?q=renewable%20energy&legislationType=primary&jurisdictionId=1')).json();
    const [title, , description] = body.data as Item[];
    expect(title!.highlights.title).toEqual([
      { text: 'Renewable', match: true },
      { text: ' ', match: false },
      { text: 'Energy', match: true },
      { text: ' Bill', match: false },
    ]);
    expect(description!.highlights.description.filter((p) => p.match).map((p) => p.text)).toEqual([
      'renewable',
      'energy',
    ]);
    expect(description!.highlights.description.map((p) => p.text).join('')).toContain(
      'Sets renewable energy targets for local plans',
    );
    expect(title!.highlights.description.every((p) => !p.match)).toBe(true);
  });

  it('computes ts_headline only above the LIMIT of the ranked page', async () => {
    const query = searchQuery(t.db, {
      q: 'renewable',
      where: undefined,
      page: 1,
      limit: 2,
      member: { id: 1, hideDismissed: true },
    });
    const { sql, params } = query.toSQL();
    const { rows } = await t.database.pool.query(`EXPLAIN (VERBOSE, FORMAT JSON) ${sql}`, params);
    type PlanNode = { 'Node Type': string; Output?: string[]; Plans?: PlanNode[] };
    const root = (rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
    const hasLimitBelow = (n: PlanNode): boolean =>
      (n.Plans ?? []).some((c) => c['Node Type'] === 'Limit' || hasLimitBelow(c));
    const headlineNodes: PlanNode[] = [];
    const walk = (n: PlanNode) => {
      if ((n.Output ?? []).some((o) => o.includes('ts_headline'))) headlineNodes.push(n);
      (n.Plans ?? []).forEach(walk);
    };
    walk(root);
    expect(headlineNodes.length).toBeGreaterThan(0);
    for (const n of headlineNodes) expect(hasLimitBelow(n), n['Node Type']).toBe(true);
  });

  it('builds answers in the response schema’s own shape, which the serializer writes without copying', async () => {
    const query = searchLegalChangesQuery.parse({ q: 'renewable' });
    const answer = await searchForMember({ db: t.db, caches: t.app.caches.legalChanges }, null, query);
    expect(answer.data.length).toBeGreaterThan(0);
    expect(compileCheck(legalChangeSearchResult)!(answer)).toBe(true);
  });

  it('filters by legislation type and jurisdiction', async () => {
    expect(idsOf((await search('?q=renewable&legislationType=secondary')).json()).sort()).toEqual(
      [ids.oneWord, ids.secondary].sort(),
    );
    expect(idsOf((await search('?q=renewable&jurisdictionId=2')).json())).toEqual([ids.elsewhere]);
  });

  it('reads web search syntax: quoted phrases and exclusions', async () => {
    expect(idsOf((await search(`?q=${encodeURIComponent('"parental leave"')}`)).json()).sort()).toEqual(
      [ids.leave, ids.leavePension].sort(),
    );
    expect(idsOf((await search(`?q=${encodeURIComponent('"parental leave" -pension')}`)).json())).toEqual([
      ids.leave,
    ]);
  });

  it('pages through equal ranks newest first without gaps, and past the end answers no rows with the total', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = (await search(`?q=pension%20schemes&limit=3&page=${page}`)).json();
      expect(body.total).toBe(7);
      expect(body.hasMore).toBe(page < 3);
      seen.push(...idsOf(body));
    }
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => ids[`pension${i}`]));
    expect((await search('?q=pension%20schemes&limit=3&page=4')).json()).toMatchObject({
      data: [],
      total: 7,
      hasMore: false,
    });
  });

  it('answers no rows for stop words, unknown words and punctuation', async () => {
    for (const q of ['the', 'zzyzx', `&|!:*()'"\\`, '<script>']) {
      const res = await search(`?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json()).toMatchObject({ data: [], total: 0, hasMore: false });
    }
  });

  it('leaves out the member’s dismissed items and shows their actions', async () => {
    const member = await buildSignedInUser(t.db);
    await t.db.insert(userActions).values([
      { userId: member.user.id, legalChangeId: ids.title!, action: 'dismissed' },
      { userId: member.user.id, legalChangeId: ids.description!, action: 'followed' },
    ]);
    const body = (
      await search('?q=renewable%20energy&legislationType=primary&jurisdictionId=1', member.headers)
    ).json();
    expect(idsOf(body)).toEqual([ids.longTitle, ids.description]);
    expect(body.total).toBe(2);
    expect(body.data.map((r: Item) => r.userAction)).toEqual([null, 'followed']);
    const all = (
      await search(
        '?q=renewable%20energy&legislationType=primary&jurisdictionId=1&includeDismissed=true',
        member.headers,
      )
    ).json();
    expect(all.data[0]).toMatchObject({ id: ids.title, userAction: 'dismissed' });
    // another member is unaffected
    const other = await buildSignedInUser(t.db);
    expect(
      idsOf(
        (
          await search('?q=renewable%20energy&legislationType=primary&jurisdictionId=1', other.headers)
        ).json(),
      ),
    ).toHaveLength(3);
  });

  it('runs at most 5 SQL statements, session lookup included', async () => {
    const member = await buildSignedInUser(t.db);
    const { count, statements } = await countStatements(t.database.pool, () =>
      search('?q=renewable&limit=2', member.headers),
    );
    expect(count, statements.join('\n')).toBeLessThanOrEqual(5);
  });

  it.each([
    ['', 'querystring.q'],
    ['?q=', 'querystring.q'],
    ['?q=%20%20%20', 'querystring.q'],
    [`?q=${'a'.repeat(201)}`, 'querystring.q'],
    ['?q=tax&limit=51', 'querystring.limit'],
    ['?q=tax&limit=0', 'querystring.limit'],
    ['?q=tax&page=0', 'querystring.page'],
    ['?q=tax&page=21&limit=50', 'querystring.page'],
    ['?q=tax&page=two', 'querystring.page'],
    ['?q=tax&jurisdictionId=10', 'querystring.jurisdictionId'],
    ['?q=tax&legislationType=acts', 'querystring.legislationType'],
    ['?q=tax&includeDismissed=maybe', 'querystring.includeDismissed'],
  ])('rejects %s with a 400 naming %s', async (query, field) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('accepts the last page inside the result cap', async () => {
    expect((await search('?q=tax&page=20&limit=50')).statusCode).toBe(200);
  });
});
