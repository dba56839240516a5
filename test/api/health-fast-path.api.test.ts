/**
 * GET /api/health on a listening server is answered before the framework's routing: the same
 * status and body as the route answers through the framework, with the security headers that
 * matter on an answer read by a program (plugins/security.ts, machineAnswerHeaders).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('GET /api/health on the listening server', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('answers as the framework’s route does: status, body shape and headers', async () => {
    const routed = await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'probe-12345678' } });
    expect(res.status).toBe(routed.statusCode);
    const body = await res.json();
    const expected = routed.json();
    expect(Object.keys(body)).toEqual(Object.keys(expected));
    expect({ ...body, uptimeSeconds: 0, database: { ...body.database, latencyMs: 0 } }).toEqual({
      ...expected,
      uptimeSeconds: 0,
      database: { ...expected.database, latencyMs: 0 },
    });
    expect(res.headers.get('x-request-id')).toBe('probe-12345678');
    for (const name of ['cache-control', 'content-type', 'x-content-type-options', 'referrer-policy'])
      expect(res.headers.get(name), name).toBe(routed.headers[name]);
    // never framed, never sniffed, loads nothing, read from this origin only
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('makes up a new request id for each check that sends none (or a malformed one)', async () => {
    const ids = await Promise.all(
      ['', 'bad id!', ''].map(async (id) => {
        const res = await fetch(`${base}/api/health`, { headers: id ? { 'x-request-id': id } : {} });
        return res.headers.get('x-request-id');
      }),
    );
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('leaves a check carrying a cookie or a token to the framework, which reads the session first', async () => {
    const anonymous = await fetch(`${base}/api/health`);
    // the document header set, which the fast path does not write
    expect(anonymous.headers.get('cross-origin-opener-policy')).toBeNull();
    const sessions: Record<string, string>[] = [
      { cookie: 'lw_session=not-a-session' },
      { authorization: 'Bearer not-a-token' },
    ];
    for (const headers of sessions) {
      const res = await fetch(`${base}/api/health`, { headers });
      expect(res.headers.get('cross-origin-opener-policy'), JSON.stringify(headers)).toBe('same-origin');
    }
  });

  it('leaves every other address, and HEAD, to the framework', async () => {
    const head = await fetch(`${base}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const other = await fetch(`${base}/api/health/x`);
    expect(other.status).toBe(404);
    expect((await other.json()).error.code).toBe('not_found');
  });
});

describe.skipIf(postgresUnavailable())('GET /api/health on a listening server behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { APP_URL: 'https://lexwatch.example' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('carries HSTS as every other answer does', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  });
});
