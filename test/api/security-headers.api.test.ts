import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { postgresUnavailable } from '#test/support/test-database';

/** The security headers every answer carries, API or not, success or error. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https:;font-src 'self';connect-src 'self';frame-ancestors 'none';form-action 'self';base-uri 'self';object-src 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe.skipIf(postgresUnavailable())('security headers, request ids and API caching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['/api/health', 200],
    ['/api/legal-changes?limit=1', 200],
    ['/api/legal-changes?limit=99', 400],
    ['/api/no-such-thing', 404],
    ['/no/such/page.js', 404],
  ])('answers %s (%i) with the security headers and no HSTS over http', async (url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps API answers out of caches unless a route says otherwise', async () => {
    for (const url of ['/api/legal-changes?limit=1', '/api/legal-changes?limit=99', '/api/no-such-thing']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-store');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/jurisdictions' })).headers['cache-control']).toBe(
      'public, max-age=300',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/no/such/page.js' })).headers['cache-control'],
    ).toBeUndefined();
  });

  it('echoes a well-formed request id, and makes one up otherwise, on answers and errors', async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'x-request-id': 'abc-123.def_456' },
    });
    expect(echoed.headers['x-request-id']).toBe('abc-123.def_456');
    const made = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe.skipIf(postgresUnavailable())('security headers when served over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { APP_URL: 'https://lexwatch.example' } });
  });
  afterAll(() => t.close());

  it('adds HSTS for two years, subdomains included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });
});
