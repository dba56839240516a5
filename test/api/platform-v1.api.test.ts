import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalChangeEffects, timelineEvents } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildNotification, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

const OFFICIAL = 'https://www.legislation.gov.uk/uksi/2026/101/contents/made';

describe.skipIf(postgresUnavailable())('the public API, version 1', () => {
  let t: TestApp;
  let readKey: string;
  let writeKey: string;
  let memberId: number;
  let ids: number[];

  beforeAll(async () => {
    t = await buildTestApp({ env: { API_KEY_BURST_LIMIT: '100000' } });
    const member = await buildSignedInUser(t.db, {
      subscriptionTier: 'premium',
      subscriptionStatus: 'active',
    });
    memberId = member.user.id;
    const make = async (scopes: string[]) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/api-keys',
          headers: member.headers,
          payload: { name: scopes.join('+'), scopes },
        })
      ).json().key as string;
    readKey = await make(['read']);
    writeKey = await make(['read', 'write']);
    ids = [];
    for (let day = 1; day <= 5; day++)
      ids.push(
        (
          await buildLegalChange(t.db, {
            title: `Widget Safety Regulations 2026 part ${day}`,
            category: 'secondary',
            legislationType: 'uksi',
            itemDate: `2026-11-0${day}`,
            officialUrl: OFFICIAL,
          })
        ).id,
      );
    await t.db.insert(timelineEvents).values({
      legalChangeId: ids[0]!,
      upstreamId: 'made',
      title: 'Made',
      eventDate: '2026-11-01',
      sortOrder: 1,
      eventType: 'enacted',
    });
    await t.db.insert(legalChangeEffects).values({
      legalChangeId: ids[0]!,
      effectId: 'e1',
      type: 'words substituted',
      affectedProvisions: 'reg. 2',
      affectingTitle: 'The Widget (Amendment) Regulations 2026',
      affectingUri: 'http://www.legislation.gov.uk/id/uksi/2026/202',
      modifiedAt: new Date(),
    });
    for (let i = 0; i < 3; i++) await buildNotification(t, memberId, { legislationId: ids[0]! });
  });
  afterAll(() => t.close());

  const call = (url: string, key = readKey, method: 'GET' | 'POST' | 'DELETE' = 'GET', payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });

  it('lists legal changes with the dashboard’s filters, page by page with a cursor', async () => {
    const seen: number[] = [];
    let url = '/api/v1/legal-changes?limit=2&legislationType=secondary&jurisdictionId=1';
    for (;;) {
      const res = await call(url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((i: { id: number }) => i.id));
      if (!body.nextCursor) break;
      url = `/api/v1/legal-changes?limit=2&legislationType=secondary&jurisdictionId=1&cursor=${body.nextCursor}`;
    }
    expect(seen).toEqual([...ids].reverse());
    const asc = (await call('/api/v1/legal-changes?limit=50&sortBy=date&sortOrder=asc')).json();
    expect(asc.data.map((i: { id: number }) => i.id)).toEqual(ids);
    expect((await call('/api/v1/legal-changes?legislationType=primary')).json().data).toEqual([]);
  });

  it('answers one item with its timeline and official link, and its effects', async () => {
    const one = await call(`/api/v1/legal-changes/${ids[0]}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: ids[0], officialUrl: OFFICIAL, timeline: [{ title: 'Made' }] });
    const effects = (await call(`/api/v1/legal-changes/${ids[0]}/effects`)).json();
    expect(effects.total).toBe(1);
    expect(effects.effects[0]).toMatchObject({ type: 'words substituted', affectedProvisions: 'reg. 2' });
    for (const url of ['/api/v1/legal-changes/999999', '/api/v1/legal-changes/999999/effects']) {
      const res = await call(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('legal_change_not_found');
    }
  });

  it('searches, with a cursor to the next page', async () => {
    const first = (await call('/api/v1/search?q=widget&limit=3')).json();
    expect(first.data).toHaveLength(3);
    expect(first.data[0].highlights.title.some((p: { match: boolean }) => p.match)).toBe(true);
    const second = (await call(`/api/v1/search?q=widget&limit=3&cursor=${first.nextCursor}`)).json();
    expect(second.data).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const all = [...first.data, ...second.data].map((i: { id: number }) => i.id).sort();
    expect(all).toEqual([...ids].sort());
  });

  it('follows and unfollows with the write scope only', async () => {
    const denied = await call('/api/v1/followed', readKey, 'POST', { legalChangeId: ids[1]! });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('insufficient_scope');
    expect((await call(`/api/v1/followed/${ids[1]}`, readKey, 'DELETE')).statusCode).toBe(403);

    const made = await call('/api/v1/followed', writeKey, 'POST', { legalChangeId: ids[1]! });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ legalChangeId: ids[1], followed: true });
    const followed = (await call('/api/v1/followed')).json();
    expect(followed.data.map((i: { id: number }) => i.id)).toEqual([ids[1]]);
    expect(followed.data[0].userAction).toBe('followed');
    expect(followed.nextCursor).toBeNull();

    expect((await call(`/api/v1/followed/${ids[1]}`, writeKey, 'DELETE')).statusCode).toBe(204);
    expect((await call('/api/v1/followed')).json().data).toEqual([]);
    const again = await call(`/api/v1/followed/${ids[1]}`, writeKey, 'DELETE');
    expect(again.statusCode).toBe(404);
    expect((await call('/api/v1/followed', writeKey, 'POST', { legalChangeId: 999999 })).statusCode).toBe(
      404,
    );
  });

  it('pages through the member’s notifications, newest first', async () => {
    const first = (await call('/api/v1/notifications?limit=2')).json();
    expect(first.data).toHaveLength(2);
    const second = (await call(`/api/v1/notifications?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.data).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const got = [...first.data, ...second.data].map((n: { id: number }) => n.id);
    expect(got).toEqual([...got].sort((a, b) => b - a));
  });

  it('answers bad input with 400 in the error shape, never 500', async () => {
    for (const url of [
      '/api/v1/legal-changes?limit=0',
      '/api/v1/legal-changes?sortBy=colour',
      '/api/v1/legal-changes?cursor=not*valid',
      '/api/v1/legal-changes?cursor=eyJwIjotMX0',
      '/api/v1/notifications?cursor=eyJwIjoyfQ',
      '/api/v1/search',
      '/api/v1/search?q=%20',
      '/api/v1/legal-changes/abc',
    ]) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toMatch(/validation_failed|invalid_cursor/);
    }
    const body = await call('/api/v1/followed', writeKey, 'POST', { legalChangeId: 'x' });
    expect(body.statusCode).toBe(400);
  });

  it('reports the key’s quota in the RateLimit headers', async () => {
    const a = await call('/api/v1/legal-changes?limit=1');
    const b = await call('/api/v1/legal-changes?limit=1');
    expect(a.headers['ratelimit-limit']).toBe('10000');
    expect(Number(b.headers['ratelimit-remaining'])).toBe(Number(a.headers['ratelimit-remaining']) - 1);
    expect(Number(a.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(a.headers['ratelimit-policy']).toMatch(/^10000;w=86400, 100000;w=1$/);
  });

  it('publishes an OpenAPI 3.1 document of every path that a validator accepts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    // the limits it states are the configured ones
    expect(doc.info.description).toContain('at most 100000 per 1 s');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/followed',
      '/api/v1/followed/{legalChangeId}',
      '/api/v1/legal-changes',
      '/api/v1/legal-changes/{id}',
      '/api/v1/legal-changes/{id}/effects',
      '/api/v1/notifications',
      '/api/v1/search',
    ]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const list = doc.paths['/api/v1/legal-changes'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['cursor', 'limit', 'jurisdictionId', 'legislationType', 'sortBy', 'sortOrder']),
    );
    expect(list.responses['200'].content['application/json'].schema.properties.nextCursor).toBeDefined();
    expect(
      doc.paths['/api/v1/followed'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['legalChangeId']);
  });
});
