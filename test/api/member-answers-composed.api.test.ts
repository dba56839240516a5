/**
 * A member's list and search answers are the shared answers for the same question with their
 * own follows, dismissals and legislation-type switches applied: the very answer reading them
 * with the member's actions joined in gives, and nothing of one member reaching another through
 * the shared part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalChanges, userActions } from '#server/db/schema';
import {
  searchDirect,
  searchQuestion,
} from '#server/modules/legal-changes/legal-changes-ranked-search.service';
import { hiddenItemTypes } from '#server/modules/settings/legislation-types';
import { UK_JURISDICTION_ID } from '#shared/reference-data';
import { searchLegalChangesQuery } from '#shared/schemas/legal-changes';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { countStatements } from '#test/unit/dashboard/statement-counter';
import {
  actionOf,
  type Body,
  directList,
  directSearch,
  idsOf,
  type Member,
  readerOf,
} from './member-answers-setup';

describe.skipIf(postgresUnavailable())('a member’s answers composed from the shared answers', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    // 24 items over two jurisdictions, both categories, three legislation types; "harbour" in
    // most of them, "lighthouse" in two; titles out of date order so title sorting differs
    for (let i = 0; i < 24; i++) {
      const type = i % 3 === 0 ? 'uksi' : i % 3 === 1 ? 'ukpga' : 'uk_parliament_bill';
      const word = i % 5 === 0 ? 'Lighthouse' : i % 4 === 0 ? 'Canal' : 'Harbour';
      const item = await buildLegalChange(t.db, {
        title: `${String.fromCharCode(90 - ((i * 7) % 26))} ${word} Bill ${i}`,
        description: i % 2 ? `About the harbour and its works, part ${i}.` : `Part ${i}.`,
        itemDate: `2026-0${1 + (i % 6)}-${String(10 + (i % 17)).padStart(2, '0')}`,
        category: type === 'uksi' ? 'secondary' : 'primary',
        legislationType: type,
        jurisdictionId: i % 4 === 3 ? 2 : UK_JURISDICTION_ID,
      });
      ids.push(item.id);
    }
    alice = await buildSignedInUser(t.db);
    bob = await buildSignedInUser(t.db);
    await t.db.insert(userActions).values([
      ...[0, 5, 9, 17].map((i) => ({
        userId: alice.user.id,
        legalChangeId: ids[i]!,
        action: 'followed' as const,
      })),
      ...[1, 2, 7, 10, 11, 15, 20, 23].map((i) => ({
        userId: alice.user.id,
        legalChangeId: ids[i]!,
        action: 'dismissed' as const,
      })),
      { userId: bob.user.id, legalChangeId: ids[3]!, action: 'dismissed' as const },
      { userId: bob.user.id, legalChangeId: ids[2]!, action: 'followed' as const },
    ]);
    // Bob does not see Acts of the UK Parliament
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/legislation-preferences',
      headers: bob.headers,
      payload: { ukpga: false },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const get = (url: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  const listQueries: Record<string, string>[] = [];
  for (const limit of ['3', '7', '50'])
    for (const extra of <Record<string, string>[]>[
      {},
      { sortBy: 'title' },
      { sortBy: 'title', sortOrder: 'desc' },
      { sortOrder: 'asc' },
      { legislationType: 'primary' },
      { jurisdictionId: '2' },
      { startDate: '2026-02-01', endDate: '2026-05-31' },
      { includeDismissed: 'true' },
      { includeDismissed: 'true', sortBy: 'title' },
    ])
      for (const page of ['1', '2', '3', '4', '9'])
        if (limit !== '50' || page === '1' || page === '2') listQueries.push({ limit, page, ...extra });

  it('gives every list page, filter and sort exactly what reading it with the member’s actions gives', async () => {
    for (const [member, disabled] of [
      [alice, []],
      [bob, ['ukpga']],
    ] as const) {
      for (const query of listQueries) {
        const res = await get(`/api/legal-changes?${new URLSearchParams(query)}`, member.headers);
        expect(res.statusCode).toBe(200);
        const expected = JSON.parse(
          JSON.stringify(await directList(readerOf(t), member, [...disabled], query)),
        );
        expect(res.json(), JSON.stringify(query)).toEqual(expected);
      }
    }
  });

  const searchQueries: Record<string, string>[] = [];
  for (const q of ['harbour', 'lighthouse', 'canal', 'bill', 'nothingmatches'])
    for (const limit of ['2', '5', '50'])
      for (const extra of <Record<string, string>[]>[
        {},
        { legislationType: 'secondary' },
        { jurisdictionId: '2' },
        { includeDismissed: 'true' },
      ])
        for (const page of ['1', '2', '3', '8'])
          if (limit !== '50' || page === '1') searchQueries.push({ q, limit, page, ...extra });

  it('gives every search page and filter exactly what ranking with the member’s actions gives', async () => {
    for (const [member, disabled] of [
      [alice, []],
      [bob, ['ukpga']],
    ] as const) {
      for (const query of searchQueries) {
        const res = await get(`/api/legal-changes/search?${new URLSearchParams(query)}`, member.headers);
        expect(res.statusCode).toBe(200);
        const expected = JSON.parse(
          JSON.stringify(await directSearch(readerOf(t), member, [...disabled], query)),
        );
        expect(res.json(), JSON.stringify(query)).toEqual(expected);
      }
    }
  });

  it('never lets one member see another’s actions, dismissals or switches through the shared part', async () => {
    const url = '/api/legal-changes?limit=50';
    const mine = (await get(url, alice.headers)).json() as Body;
    const theirs = (await get(url, bob.headers)).json() as Body;
    const anonymous = (await get(url)).json() as Body;
    expect(actionOf(mine, ids[0]!)).toBe('followed');
    expect(idsOf(mine)).not.toContain(ids[2]);
    expect(actionOf(theirs, ids[0]!)).toBeNull();
    expect(actionOf(theirs, ids[2]!)).toBe('followed');
    expect(idsOf(theirs)).not.toContain(ids[3]);
    expect(idsOf(mine)).toContain(ids[3]);
    // Bob's switched-off Acts are his alone
    expect(idsOf(theirs)).not.toContain(ids[4]);
    expect(idsOf(mine)).toContain(ids[4]);
    expect(anonymous.data.every((r) => r.userAction === null)).toBe(true);
    expect(anonymous.total).toBe(24);
    const search = '/api/legal-changes/search?q=harbour';
    const again = (await get(search, bob.headers)).json() as Body;
    expect(again.data.filter((r) => r.userAction !== null).map((r) => r.id)).toEqual(
      idsOf(again).filter((id) => id === ids[2]),
    );
    expect(((await get(search)).json() as Body).data.every((r) => r.userAction === null)).toBe(true);
  });

  it('answers a member’s repeated questions with no statement of their own, or one for what it cannot tell', async () => {
    for (const [url, expected] of [
      // questions not asked before: the first asking reads the shared part, the second reuses it
      ['/api/legal-changes?limit=6&page=2', 0],
      ['/api/legal-changes?limit=6&page=3&legislationType=primary', 0],
      // titles are ordered by the database's collation: which dismissed items come first is asked
      ['/api/legal-changes?limit=4&page=3&sortBy=title', 1],
      // whether a dismissed item matches words is asked once, kept while the member changes nothing
      ['/api/legal-changes/search?q=harbour&limit=4&page=2', 0],
    ] as const) {
      await get(url, alice.headers);
      const { count, statements } = await countStatements(t.database.pool, () => get(url, alice.headers));
      expect(count, statements.join('\n')).toBe(expected);
      if (expected === 1) expect(statements[0]).toMatch(/from "user_actions"/);
    }
    // another page of the same search: its dismissed matches are known already
    const page3 = '/api/legal-changes/search?q=harbour&limit=4&page=3';
    const { statements } = await countStatements(t.database.pool, () => get(page3, alice.headers));
    expect(statements.filter((s) => /from "(user_actions|sessions)"/.test(s))).toEqual([]);
    // any read (here a notification poll) uses the copy: no statement for the session
    await get('/api/notifications', alice.headers);
    const poll = await countStatements(t.database.pool, () => get('/api/notifications', alice.headers));
    expect(poll.statements.filter((s) => /from "sessions"/.test(s))).toEqual([]);
    // a write always reads the session
    const write = await countStatements(t.database.pool, () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/legislation-preferences',
        headers: alice.headers,
        payload: {},
      }),
    );
    expect(write.statements.filter((s) => /from "sessions"/.test(s))).toHaveLength(1);
    // a member's first request reads their session (with their actions): one statement, then none
    const url = '/api/legal-changes/search?q=canal&limit=4';
    const fresh = await buildSignedInUser(t.db);
    await get(url);
    const first = await countStatements(t.database.pool, () => get(url, fresh.headers));
    expect(first.count).toBe(1);
    expect(first.statements[0]).toMatch(/from "sessions"/);
    expect((await countStatements(t.database.pool, () => get(url, fresh.headers))).count).toBe(0);
  });
});

describe.skipIf(postgresUnavailable())('a member’s search with more matches than the ranked set', () => {
  let t: TestApp;
  let early: Member;
  let late: Member;
  let many: Member;
  let rows: { id: number }[];

  beforeAll(async () => {
    t = await buildTestApp();
    // 1,010 matches of "quay": the ranked set is the newest 1,000
    rows = await t.db
      .insert(legalChanges)
      .values(
        Array.from({ length: 1010 }, (_, i) => ({
          source: 'parliament_bills',
          upstreamId: `quay-${i}`,
          title: `Quay Bill ${i}`,
          description: i % 3 ? 'About a quay.' : 'About a quay and a quay wall.',
          category: 'primary' as const,
          legislationType: 'uk_parliament_bill',
          status: 'active',
          jurisdictionId: UK_JURISDICTION_ID,
          itemDate: `20${10 + Math.floor(i / 365)}-01-01`,
          createdAt: new Date(Date.UTC(2026, 0, 1)),
        })),
      )
      .returning({ id: legalChanges.id });
    rows.sort((a, b) => a.id - b.id);
    early = await buildSignedInUser(t.db);
    late = await buildSignedInUser(t.db);
    many = await buildSignedInUser(t.db);
    // 250 of the newest: more than the shared ranking holds past its ranked set
    await t.db
      .insert(userActions)
      .values(
        rows
          .slice(-250)
          .map((r) => ({ userId: many.user.id, legalChangeId: r.id, action: 'dismissed' as const })),
      );
    // one of the newest (in the ranked set) and one of the oldest (outside it)
    await t.db.insert(userActions).values([
      { userId: early.user.id, legalChangeId: rows[1009]!.id, action: 'dismissed' },
      { userId: early.user.id, legalChangeId: rows[500]!.id, action: 'dismissed' },
      { userId: early.user.id, legalChangeId: rows[700]!.id, action: 'followed' },
      { userId: late.user.id, legalChangeId: rows[0]!.id, action: 'dismissed' },
      { userId: late.user.id, legalChangeId: rows[1008]!.id, action: 'followed' },
    ]);
  });
  afterAll(() => t.close());

  it.each([
    ['1', '50'],
    ['2', '50'],
    ['20', '50'],
    ['7', '37'],
    ['28', '37'],
  ])('answers page %s of %s as ranking with the member’s actions does', async (page, limit) => {
    for (const member of [early, late, many]) {
      const query = { q: 'quay', page, limit };
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/legal-changes/search?${new URLSearchParams(query)}`,
        headers: member.headers,
      });
      const q = searchLegalChangesQuery.parse(query);
      const hidden = await hiddenItemTypes(t.db, { disabledTypes: [] }, t.app.caches.typeAvailability);
      const expected = await searchDirect(readerOf(t), searchQuestion(q, hidden), {
        id: member.user.id,
        hideDismissed: true,
      });
      expect(res.json()).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(res.json().total).toBe(member === many ? 760 : member === early ? 1008 : 1009);
    }
  });
});
