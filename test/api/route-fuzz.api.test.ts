/**
 * Every route in Fastify's route table (so a route added later is covered without touching
 * this file), fed generated paths, query strings, bodies, headers and content types, signed in
 * and out. Whatever a client sends: never a 500, never a stack trace or SQL in a body, and
 * every 4xx in the error shape `{ error: { code, message } }`.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';

/** Cases per route: kept small in `npm test`; FUZZ_RUNS raises it for a longer run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const NOWHERE = 'http://127.0.0.1:9';

const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|node:internal|\/node_modules\/|\.ts:\d+:\d+/;
const SQL_TEXT =
  /syntax error at or near|violates (unique|foreign key|not-null|check) constraint|relation "[^"]+" does not exist|column "[^"]+" does not exist|invalid input syntax for|Failed query:|DrizzleQueryError|\bselect\b[^"]{0,80}\bfrom "|\binsert into "/i;

const weirdText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1.5',
    '1e309',
    '99999999999999999999999',
    'NaN',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    "' or 1=1 --",
    '"; drop table users; --',
    '%',
    '%00',
    '%E0%A4%A',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '\u0000',
    '\uD800',
    'ünïcödé ✓',
    '2024-02-30',
    '2024-13-01T25:61:61Z',
    'a'.repeat(300),
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.integer().map(String),
  fc.uuid(),
);

/** A path segment for a `:param`, percent-encoded or not. */
const encoded = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate cannot be encoded: its bytes, as a client might send them
  }
};
const segment = fc.oneof(
  weirdText.map(encoded),
  fc.constantFrom('1', '2', '0', '-5', '1%2F2', '%2e%2e', 'x%', 'a b', ';', '%ZZ'),
);

const queryKey = fc.oneof(
  fc.constantFrom(
    'page',
    'limit',
    'q',
    'sort',
    'order',
    'id',
    'jurisdiction',
    'jurisdictionId',
    'legislationType',
    'startDate',
    'endDate',
    'includeDismissed',
    'type',
    'status',
    'cursor',
    'before',
    'after',
    'token',
    'email',
    'tab',
    'a[b]',
    '__proto__',
    'constructor',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const queryString = fc.oneof(
  fc
    .array(fc.tuple(queryKey, weirdText), { maxLength: 6 })
    .map((pairs) =>
      pairs.length ? `?${pairs.map(([k, v]) => `${encoded(k)}=${encoded(v)}`).join('&')}` : '',
    ),
  fc.constantFrom('?', '?&&=', '?page', '?page=1&page=2', '?limit=-1', '?q=%', '?a=%ZZ', '?%=%', '?x=\u00ff'),
);

const jsonValue = fc.oneof(
  { depthSize: 'small' },
  fc.object({ maxDepth: 2, maxKeys: 6 }),
  fc.dictionary(queryKey, fc.oneof(weirdText, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
);

interface BodyCase {
  contentType?: string;
  payload?: string | Buffer;
}
const body: fc.Arbitrary<BodyCase> = fc.oneof(
  fc.constant({}),
  jsonValue.map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' })),
  fc.constantFrom<BodyCase>(
    { contentType: 'application/json', payload: '' },
    { contentType: 'application/json', payload: '{' },
    { contentType: 'application/json', payload: '{"a":' },
    { contentType: 'application/json', payload: 'null' },
    { contentType: 'application/json', payload: '"text"' },
    { contentType: 'application/json', payload: '[1,2,3]' },
    { contentType: 'application/json', payload: '{"__proto__":{"admin":true}}' },
    { contentType: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
    { contentType: 'application/json; charset=utf-16', payload: '{}' },
    { contentType: 'application/json; charset=latin1', payload: '{"a":"\u00e9"}' },
    { contentType: 'text/plain', payload: 'hello' },
    { contentType: 'text/plain; charset=utf-8', payload: '{"email":"a@b.c"}' },
    { contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40b.c&password=x' },
    { contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\n\r\n--xyz--' },
    { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
    { contentType: 'application/xml', payload: '<a/>' },
    { contentType: '', payload: '{}' },
    { contentType: 'garbage', payload: '{}' },
    { contentType: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x00]) },
  ),
  weirdText.map((s) => ({ contentType: 'application/json', payload: s })),
);

const extraHeaders = fc.dictionary(
  fc.constantFrom(
    'last-event-id',
    'x-request-id',
    'accept',
    'accept-encoding',
    'x-csrf-token',
    'origin',
    'if-none-match',
  ),
  weirdText.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  { maxKeys: 3 },
);

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe.runIf(inject('dbMode') === 'embedded')('every route, fuzzed', () => {
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
    // something to find, so routes that read an item get past "not found" for small ids
    for (let i = 0; i < 3; i++) await buildLegalChange(t.db);
  });
  afterAll(() => t?.close());

  it('covers a route table that holds the API', () => {
    const urls = t.app.routeTable.map((r) => r.url);
    expect(urls).toContain('/api/health');
    expect(urls.filter((u) => u.startsWith('/api/')).length).toBeGreaterThan(20);
  });

  it('answers every generated request without a 500, a leak or a shapeless error', async () => {
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const failures: string[] = [];
    for (const route of routes) {
      // a fresh member per route: a route that signs out or deletes the account ends only its own
      const member = await buildSignedInUser(t.db);
      const params = [...route.url.matchAll(/:(\w+)|\*/g)];
      const path = fc
        .tuple(...params.map(() => segment), fc.array(segment, { maxLength: 3 }))
        .map((values) => {
          let i = 0;
          return route.url.replace(/:(\w+)|\*/g, (m) =>
            m === '*' ? (values[values.length - 1] as string[]).join('/') : (values[i++] as string),
          );
        });
      await fc
        .assert(
          fc.asyncProperty(
            path,
            queryString,
            HAS_BODY.has(route.method) ? body : fc.constant<BodyCase>({}),
            extraHeaders,
            fc.boolean(),
            async (p, query, b, headers, signedIn) => {
              // a signed-in event stream would stay open: it is tested in notifications-stream
              if (signedIn && route.url === '/api/notifications/stream') return;
              const request: InjectOptions = {
                method: route.method as InjectOptions['method'],
                url: p + query,
                headers: {
                  ...headers,
                  ...(signedIn ? member.headers : {}),
                  ...(b.contentType !== undefined ? { 'content-type': b.contentType } : {}),
                },
                ...(b.payload !== undefined ? { payload: b.payload } : {}),
              };
              const res = await t.app.inject(request);
              const where = `${route.method} ${route.url} → ${request.method} ${request.url} [${b.contentType ?? '-'}] ${signedIn ? 'signed in' : 'signed out'}: ${res.statusCode} ${res.body.slice(0, 300)}`;
              // a 5xx is only for the service's own trouble: an upstream source it could not reach
              // (502, 503, with a code that says so), never a crash on what the client sent
              if (res.statusCode === 500 || (res.statusCode > 500 && res.body.includes('"internal_error"')))
                throw new Error(`a 500: ${where}`);
              if (STACK_TRACE.test(res.body)) throw new Error(`stack trace in the body: ${where}`);
              if (SQL_TEXT.test(res.body)) throw new Error(`SQL in the body: ${where}`);
              if (res.statusCode >= 400 && (route.url.startsWith('/api/') || res.statusCode >= 500)) {
                let parsed: unknown;
                try {
                  parsed = res.json();
                } catch {
                  throw new Error(`a 4xx that is not JSON: ${where}`);
                }
                const error = (parsed as { error?: { code?: unknown; message?: unknown } }).error;
                if (
                  typeof error?.code !== 'string' ||
                  !/^[a-z0-9_]+$/.test(error.code) ||
                  typeof error.message !== 'string' ||
                  !error.message
                )
                  throw new Error(`a 4xx outside the error shape: ${where}`);
              }
            },
          ),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch((error: unknown) => {
          const message = (error as Error).message;
          const cause = (error as Error).cause;
          const reason = cause instanceof Error ? cause.message : message.split('\n')[0]!;
          const seed = /seed: (-?\d+), path: "([^"]*)"/.exec(message);
          failures.push(`${reason.trim()} (seed ${seed?.[1]}, path ${seed?.[2]})`);
        });
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
