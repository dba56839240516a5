import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JURISDICTIONS, LAW_AREAS } from '#shared/reference-data';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/jurisdictions answers the nine jurisdictions, UK first and the only active one, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/jurisdictions' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual(JURISDICTIONS.map((j) => ({ ...j })));
    expect(res.json()[0]).toEqual({
      id: 1,
      name: 'United Kingdom',
      flag: '🇬🇧',
      countryCode: 'GB',
      isActive: true,
    });
  });

  it('GET /api/law-areas answers every law area with its id and name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/law-areas' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(LAW_AREAS.map((name, i) => ({ id: i + 1, name })));
  });
});
