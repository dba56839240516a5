import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('GET /api/legal-changes', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    // 7 primary and 5 secondary items on distinct dates; titles in a known order
    for (let i = 0; i < 7; i++) {
      const row = await buildLegalChange(t.db, { title: `Bill ${String.fromCharCode(71 - i)}`, itemDate: `2026-09-${10 + i}` });
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
    expect(one.json()).toMatchObject({ id: ids.p0, title: 'Bill G', category: 'primary', longTitle: expect.any(String) });
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
