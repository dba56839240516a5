/**
 * GET /api/health on a listening server is answered before the framework's routing: the same
 * status, body and headers as the route answers through the framework.
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
    for (const name of [
      'cache-control',
      'content-type',
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
    ])
      expect(res.headers.get(name), name).toBe(routed.headers[name]);
  });

  it('leaves every other address, and HEAD, to the framework', async () => {
    const head = await fetch(`${base}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const other = await fetch(`${base}/api/health/x`);
    expect(other.status).toBe(404);
    expect((await other.json()).error.code).toBe('not_found');
  });
});
