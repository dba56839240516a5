/**
 * 'Detect my location': GET /api/location asks the IP-geolocation service about the request's
 * address, GET /api/location/reverse asks the reverse-geocoding service about the browser's
 * position; both answer the place and its country's language (spec document 1 §9), with clear
 * errors when a service is missing, failing, slow or cannot place the member. The services are
 * a fake HTTP server on loopback.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { startHttpFake, type HttpFake } from '#test/support/http-fake';
import { postgresUnavailable } from '#test/support/test-database';
import { uniqueEmail } from './auth-helpers';

describe.skipIf(postgresUnavailable())('the location endpoints', () => {
  let fake: HttpFake;
  let t: TestApp;
  let unconfigured: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    fake = await startHttpFake();
    t = await buildTestApp({
      env: {
        GEOLOCATION_URL: fake.url,
        REVERSE_GEOCODE_URL: `${fake.url}/data/reverse-geocode-client`,
      },
    });
    unconfigured = await buildTestApp({ database: t.database });
    ({ headers } = await buildSignedInUser(t.db, { email: uniqueEmail('location') }));
  });
  afterAll(async () => {
    await unconfigured?.close();
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const fromAddress = (ip: string, app = t) =>
    app.app.inject({ method: 'GET', url: '/api/location', headers: { ...headers, 'x-forwarded-for': ip } });
  const fromPosition = (query: string, app = t) =>
    app.app.inject({ method: 'GET', url: `/api/location/reverse?${query}`, headers });

  const ipapi = (countryCode: string, countryName: string) => ({
    ip: 'x',
    city: 'Somewhere',
    region: 'A region',
    country_code: countryCode,
    country_name: countryName,
    timezone: 'Europe/Madrid',
  });

  it('answers 401 to visitors, and asks no service', async () => {
    for (const url of ['/api/location', '/api/location/reverse?latitude=1&longitude=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('places the request’s address and gives its country’s language', async () => {
    fake.on('GET', '/:ip/json/', (req) => ({
      json: ipapi('ES', 'Spain'),
      headers: { 'x-ip': req.params.ip! },
    }));
    const res = await fromAddress('203.0.113.7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      source: 'ip',
      countryCode: 'ES',
      countryName: 'Spain',
      region: 'A region',
      city: 'Somewhere',
      timezone: 'Europe/Madrid',
      language: 'es',
    });
    expect(fake.requests.map((r) => r.path)).toEqual(['/203.0.113.7/json/']);
    expect(fake.requests[0]!.headers['user-agent']).toMatch(/^Lexwatch/);
  });

  it('maps countries through the spec’s table, English for the others', async () => {
    const countries: Record<string, string> = {
      '203.0.113.1': 'JP',
      '203.0.113.2': 'br',
      '203.0.113.3': 'HK',
      '203.0.113.4': 'EG',
      '203.0.113.5': 'SE',
      '203.0.113.6': 'GB',
    };
    fake.on('GET', '/:ip/json/', (req) => ({ json: ipapi(countries[req.params.ip!]!, 'x') }));
    const languages: string[] = [];
    for (const ip of Object.keys(countries)) languages.push((await fromAddress(ip)).json().language);
    expect(languages).toEqual(['ja', 'pt', 'zh', 'ar', 'en', 'en']);
  });

  it('answers 404 when the service cannot place the address', async () => {
    fake.on('GET', '/:ip/json/', () => ({
      json: { ip: '10.0.0.1', error: true, reason: 'Reserved IP Address' },
    }));
    const res = await fromAddress('10.0.0.1');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('location_not_found');
  });

  it('answers 502 when the service fails, answers nonsense or is too slow', async () => {
    fake.failNext(1, 500);
    let res = await fromAddress('203.0.113.8');
    expect([res.statusCode, res.json().error.code, res.json().error.details.reason]).toEqual([
      502,
      'geolocation_failed',
      'status',
    ]);

    fake.on('GET', '/:ip/json/', () => ({ text: 'not json' }));
    res = await fromAddress('203.0.113.8');
    expect([res.statusCode, res.json().error.details.reason]).toEqual([502, 'invalid']);

    fake.on('GET', '/:ip/json/', () => ({ json: { country_code: 42 } }));
    res = await fromAddress('203.0.113.8');
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'location_not_found']);

    fake.on('GET', '/:ip/json/', () => ({ hang: true }));
    res = await fromAddress('203.0.113.8');
    expect([res.statusCode, res.json().error.details.reason]).toEqual([502, 'timeout']);
    expect(res.json().error.message).toMatch(/did not answer within 5 seconds/);
  });

  it('places the browser’s position by reverse geocoding', async () => {
    fake.on('GET', '/data/reverse-geocode-client', () => ({
      json: {
        countryCode: 'SA',
        countryName: 'Saudi Arabia',
        principalSubdivision: 'Riyadh Province',
        city: 'Riyadh',
      },
    }));
    const res = await fromPosition('latitude=24.7136&longitude=46.6753');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      source: 'coordinates',
      countryCode: 'SA',
      countryName: 'Saudi Arabia',
      region: 'Riyadh Province',
      city: 'Riyadh',
      timezone: null,
      language: 'ar',
    });
    expect(fake.requests[0]!.query).toEqual({
      latitude: '24.7136',
      longitude: '46.6753',
      localityLanguage: 'en',
    });
  });

  it('refuses a position off the globe, or none, with 400 and asks no service', async () => {
    for (const query of [
      'latitude=91&longitude=0',
      'latitude=0&longitude=-181',
      'latitude=abc&longitude=1',
      '',
    ]) {
      const res = await fromPosition(query);
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json().error.message).toBeTruthy();
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('says so with 503 when no service is configured', async () => {
    let res = await fromAddress('203.0.113.9', unconfigured);
    expect([res.statusCode, res.json().error.code]).toEqual([503, 'geolocation_not_configured']);
    res = await fromPosition('latitude=1&longitude=2', unconfigured);
    expect([res.statusCode, res.json().error.code]).toEqual([503, 'reverse_geocoding_not_configured']);
    expect(fake.requests).toHaveLength(0);
  });
});
