import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { PROBE_FRESH_MS } from '#server/modules/health/health.routes';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers ok with the database up, its mode and latency, never cached by the browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('up');
    expect(body.database.mode).toBe(t.config.embeddedDatabase ? 'embedded' : 'postgres');
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.jobs.status).toBe('not-started');
  });

  it('answers many checks at once, every one of them ok', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/api/health' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
  });
});

describe('GET /api/health with the database unreachable', () => {
  const unreachable = openDatabase('postgres://postgres@127.0.0.1:1/lexwatch', { max: 1 });
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      database: { ...unreachable, mode: 'postgres', destroy: () => unreachable.close() },
    });
  });
  afterAll(async () => {
    await t.close();
    await unreachable.close();
  });

  it('answers 503 degraded with the database down, and says so again on the next probe', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({ status: 'degraded', database: { status: 'down', latencyMs: null } });
    await new Promise((r) => setTimeout(r, PROBE_FRESH_MS + 50));
    const again = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(again.statusCode).toBe(503);
  });
});
