/**
 * A member's writes are seen in their very next answers on every web process, and an item a
 * sync adds appears within the shared answers' lifetime.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { actionOf, type Body, idsOf, type Member } from './member-answers-setup';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(postgresUnavailable())(
  'a member’s writes in their very next answers, on any web process',
  () => {
    let first: TestApp;
    let second: TestApp;
    let member: Member;
    const ids: number[] = [];

    beforeAll(async () => {
      first = await buildTestApp();
      // a second web process on the same database, with shared answers of its own
      second = await buildTestApp({ database: first.database });
      for (let i = 0; i < 8; i++)
        ids.push(
          (
            await buildLegalChange(first.db, {
              title: `Reservoir Bill ${i}`,
              itemDate: `2026-03-${10 + i}`,
              legislationType: i % 2 ? 'uksi' : 'uk_parliament_bill',
              category: i % 2 ? 'secondary' : 'primary',
            })
          ).id,
        );
      member = await buildSignedInUser(first.db);
    });
    afterAll(async () => {
      await second.close();
      await first.close();
    });

    const urls = [
      '/api/legal-changes?limit=3',
      '/api/legal-changes?limit=3&page=2',
      '/api/legal-changes/search?q=reservoir&limit=3',
    ];
    /** the cookie a write leaves, which the browser sends with the member's next requests */
    let written = '';
    const keepWrittenCookie = (res: { cookies: { name: string; value: string }[] }) => {
      const cookie = res.cookies.find((c) => c.name === 'lw_written');
      if (cookie) written = `lw_written=${cookie.value}`;
    };
    const answers = async (app: TestApp, withCookie = true) =>
      Promise.all(
        urls.map(
          async (url) =>
            (
              await app.app.inject({
                method: 'GET',
                url,
                headers: { ...member.headers, ...(withCookie && written ? { cookie: written } : {}) },
              })
            ).json() as Body,
        ),
      );
    const act = async (id: number, action: 'followed' | 'dismissed' | 'none') => {
      const res = await first.app.inject({
        method: 'POST',
        url: `/api/legal-changes/${id}/action`,
        headers: member.headers,
        payload: { action },
      });
      expect(res.statusCode).toBe(200);
      keepWrittenCookie(res);
    };
    const newest = () => [...ids].reverse();

    it('shows a follow, an unfollow, a dismissal and a legislation-type change at once, on both processes', async () => {
      // both processes hold shared answers for these questions already
      for (const app of [first, second]) for (const body of await answers(app)) expect(body.total).toBe(8);

      await act(ids[7]!, 'followed');
      for (const app of [first, second]) {
        const [page1, , search] = await answers(app);
        expect(actionOf(page1!, ids[7]!)).toBe('followed');
        expect(actionOf(search!, ids[7]!)).toBe('followed');
      }

      await act(ids[7]!, 'none');
      for (const app of [first, second]) {
        const [page1, , search] = await answers(app);
        expect(actionOf(page1!, ids[7]!)).toBeNull();
        expect(actionOf(search!, ids[7]!)).toBeNull();
      }

      await act(ids[6]!, 'dismissed');
      const remaining = newest().filter((id) => id !== ids[6]);
      for (const app of [first, second]) {
        const [page1, page2, search] = await answers(app);
        expect(idsOf(page1!)).toEqual(remaining.slice(0, 3));
        expect(idsOf(page2!)).toEqual(remaining.slice(3, 6));
        expect(page1!.total).toBe(7);
        expect(idsOf(search!)).not.toContain(ids[6]);
        expect(search!.total).toBe(7);
      }

      // secondary legislation switched off: the odd items go, the dismissed one stays out
      const res = await first.app.inject({
        method: 'PUT',
        url: '/api/user/legislation-preferences',
        headers: member.headers,
        payload: { uksi: false },
      });
      expect(res.statusCode).toBe(200);
      keepWrittenCookie(res);
      const primary = newest().filter((id) => ids.indexOf(id) % 2 === 0 && id !== ids[6]);
      for (const app of [first, second]) {
        const [page1, page2, search] = await answers(app);
        expect(idsOf(page1!)).toEqual(primary);
        expect(page2!.data).toEqual([]);
        expect(page1!.total).toBe(3);
        expect(search!.total).toBe(3);
      }

      await act(ids[6]!, 'none');
      keepWrittenCookie(
        await first.app.inject({
          method: 'PUT',
          url: '/api/user/legislation-preferences',
          headers: member.headers,
          payload: { uksi: true },
        }),
      );
      for (const app of [first, second]) {
        const [page1, , search] = await answers(app);
        expect(idsOf(page1!)).toEqual(newest().slice(0, 3));
        expect(page1!.total).toBe(8);
        expect(search!.total).toBe(8);
      }
    });

    it('leaves a short-lived, script-proof cookie with the time of a write', async () => {
      const res = await first.app.inject({
        method: 'POST',
        url: `/api/legal-changes/${ids[1]!}/action`,
        headers: member.headers,
        payload: { action: 'followed' },
      });
      const cookie = res.cookies.find((c) => c.name === 'lw_written');
      // sent with every request, a member's page too (its early answers read the change)
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 11 });
      expect(Math.abs(Number(cookie!.value) - Date.now())).toBeLessThan(5_000);
      // a read leaves none
      const read = await first.app.inject({ method: 'GET', url: urls[0]!, headers: member.headers });
      expect(read.cookies.find((c) => c.name === 'lw_written')).toBeUndefined();
      await act(ids[1]!, 'none');
    });

    it('shows a change made from another device, or by a job, on every process within moments', async () => {
      for (const app of [first, second]) await answers(app, false);
      // another device: no cookie of this browser's; a job: a write straight to the database
      await first.db.insert(userActions).values({
        userId: member.user.id,
        legalChangeId: ids[7]!,
        action: 'followed',
      });
      // the process that made the change heard it before its statement returned
      expect(actionOf((await answers(first, false))[0]!, ids[7]!)).toBe('followed');
      await expect
        .poll(async () => actionOf((await answers(second, false))[0]!, ids[7]!), { timeout: 3_000 })
        .toBe('followed');
    });

    it('stops answering as the member on every process once their session ends', async () => {
      const other = await buildSignedInUser(first.db);
      const url = urls[0]!;
      const asOther = (app: TestApp) =>
        app.app.inject({ method: 'GET', url: '/api/auth/user', headers: other.headers });
      // both processes hold a copy of the session (a list answer with their follow on it)
      await first.db
        .insert(userActions)
        .values({ userId: other.user.id, legalChangeId: ids[7]!, action: 'followed' });
      for (const app of [first, second]) {
        const res = await app.app.inject({ method: 'GET', url, headers: other.headers });
        expect(actionOf(res.json() as Body, ids[7]!)).toBe('followed');
      }
      const out = await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: other.headers });
      expect(out.statusCode).toBeLessThan(300);
      expect((await asOther(first)).statusCode).toBe(401);
      for (const app of [first, second])
        await expect
          .poll(
            async () =>
              actionOf(
                (await app.app.inject({ method: 'GET', url, headers: other.headers })).json() as Body,
                ids[7]!,
              ),
            { timeout: 3_000 },
          )
          .toBeNull();
    });
  },
);

describe.skipIf(postgresUnavailable())('an item a sync adds, in members’ answers', () => {
  const FRESH_SECONDS = 0.3;
  let t: TestApp;
  let member: Member;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ANONYMOUS_ANSWER_CACHE_SECONDS: String(FRESH_SECONDS) } });
    await buildLegalChange(t.db, { title: 'Estuary Bill', itemDate: '2026-04-01' });
    member = await buildSignedInUser(t.db);
  });
  afterAll(() => t.close());

  it('appears within the shared answers’ lifetime', async () => {
    const search = '/api/legal-changes/search?q=estuary';
    const list = '/api/legal-changes?limit=10';
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: member.headers })).json() as Body;
    expect((await get(search)).total).toBe(1);
    await get(list);
    const added = await buildLegalChange(t.db, { title: 'Estuary (Moorings) Bill', itemDate: '2026-04-02' });
    await sleep(2 * FRESH_SECONDS * 1000 + 50);
    const later = await get(search);
    expect(idsOf(later)).toContain(added.id);
    expect(later.total).toBe(2);
    expect(idsOf(await get(list))[0]).toBe(added.id);
  });
});
