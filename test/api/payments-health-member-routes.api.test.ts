/**
 * Member-only routes answer a signed-out call 401 before anything else, whatever it sends: a
 * malformed JSON body, a body of the wrong shape, an id that is not a number, a bad query. The
 * walk covers every route in the route table that answers a plain signed-out call 401, and the
 * member routes whose input is required (which a plain call would not reach).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { postgresUnavailable } from '#test/support/test-database';

const NOWHERE = 'http://127.0.0.1:9';

/** Member routes that need input: a plain call would be refused for its input, were it not for the hook. */
const MEMBER_ROUTES_WITH_INPUT = [
  'POST /api/create-subscription',
  'POST /api/billing/test-mode/confirm',
  'DELETE /api/auth/sessions/:id',
  'POST /api/auth/change-password',
  'POST /api/auth/change-email',
  'POST /api/auth/change-email/verify',
  'DELETE /api/user/account',
  'GET /api/location/reverse',
  'PUT /api/user/legislation-preferences',
  'POST /api/user/dismiss-followed-by-types',
  'PUT /api/user/settings',
  'POST /api/legal-changes/:id/ai-overview',
  'POST /api/legal-changes/:id/sync-amendments',
  'POST /api/legal-changes/:id/create-timeline',
  'POST /api/legal-changes/:id/action',
  'POST /api/user/search-terms',
  'PUT /api/user/alert-preferences',
  'PUT /api/user/cookie-preferences',
  'POST /api/user/webhooks',
];

const BAD_INPUTS: { name: string; contentType: string; payload: string }[] = [
  { name: 'malformed JSON', contentType: 'application/json', payload: '{"tier": "premium", ' },
  {
    name: 'a body of the wrong shape',
    contentType: 'application/json',
    payload: JSON.stringify({ tier: 'gold', interval: 7, code: [], url: 42 }),
  },
  { name: 'an unsupported content type', contentType: 'application/x-unknown', payload: '\u0000\u0001' },
];

/** The route's path with every parameter set to something no route accepts as an id. */
const badPath = (url: string) => `${url.replace(/:(\w+)|\*/g, 'not-an-id')}?limit=-5&page=x&language=xx`;

describe.skipIf(postgresUnavailable())('member routes signed out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        PARLIAMENT_BILLS_API_URL: NOWHERE,
        LEGISLATION_API_URL: NOWHERE,
        SCOTTISH_PARLIAMENT_API_URL: NOWHERE,
        GOVUK_API_URL: NOWHERE,
      },
      deps: { syncClientOptions: { all: { maxRetries: 0, timeoutMs: 300 } } },
    });
  });
  afterAll(() => t?.close());

  it('answers 401 before any 400 on every member-only route, whatever the call sends', async () => {
    const table = t.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/admin/') &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS',
    );
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const known = new Set(table.map(key));
    for (const route of MEMBER_ROUTES_WITH_INPUT)
      expect(known, `${route} is in the route table`).toContain(route);

    // the member routes a plain signed-out call shows: 401, code unauthorized
    const memberRoutes = new Set(MEMBER_ROUTES_WITH_INPUT);
    for (const route of table) {
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: route.url.replace(/:(\w+)|\*/g, '1'),
      });
      if (res.statusCode === 401 && res.json().error.code === 'unauthorized') memberRoutes.add(key(route));
    }
    expect(memberRoutes.size).toBeGreaterThan(MEMBER_ROUTES_WITH_INPUT.length + 20);

    const wrong: string[] = [];
    for (const route of table.filter((r) => memberRoutes.has(key(r)))) {
      for (const input of BAD_INPUTS) {
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: badPath(route.url),
          headers: { 'content-type': input.contentType },
          payload: input.payload,
        });
        const code = res.statusCode === 401 ? res.json().error.code : null;
        if (res.statusCode !== 401 || code !== 'unauthorized')
          wrong.push(`${key(route)} with ${input.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
