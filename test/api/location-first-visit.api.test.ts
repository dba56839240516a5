/**
 * A first visit's starting language: GET /api/location/first-visit places the request's address
 * (the IP-geolocation service, a fake on loopback) and answers its country's language, for
 * visitors and members alike; a member's country is stored on their account (as it is when they
 * press 'Detect my location'). An address that cannot be placed answers nulls, not an error.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { startHttpFake, type HttpFake } from '#test/support/http-fake';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('first-visit location', () => {
  let fake: HttpFake;
  let t: TestApp;
  let unconfigured: TestApp;

  beforeAll(async () => {
    fake = await startHttpFake();
    t = await buildTestApp({ env: { GEOLOCATION_URL: fake.url } });
    unconfigured = await buildTestApp({ database: t.database });
  });
  afterAll(async () => {
    await unconfigured?.close();
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const placed = (countryCode: string) =>
    fake.on('GET', '/:ip/json/', () => ({
      json: {
        ip: 'x',
        city: 'Somewhere',
        region: null,
        country_code: countryCode,
        country_name: 'A country',
      },
    }));
  const firstVisit = (headers: Record<string, string> = {}, app = t) =>
    app.app.inject({
      method: 'GET',
      url: '/api/location/first-visit',
      headers: { ...headers, 'x-forwarded-for': '203.0.113.9' },
    });
  const countryOf = async (id: number) =>
    (await t.db.select({ country: users.country }).from(users).where(eq(users.id, id)))[0]!.country;

  it('gives a visitor the language of the country their address is in', async () => {
    placed('DE');
    const res = await firstVisit();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ countryCode: 'DE', language: 'de', signedIn: false });
    expect(fake.requests.map((r) => r.path)).toEqual(['/203.0.113.9/json/']);
  });

  it('stores a member’s country, on a first visit and on Detect my location', async () => {
    const member = await buildSignedInUser(t.db);
    placed('ES');
    expect((await firstVisit(member.headers)).json()).toEqual({
      countryCode: 'ES',
      language: 'es',
      signedIn: true,
    });
    expect(await countryOf(member.user.id)).toBe('ES');
    fake.reset();
    placed('FR');
    const detected = await t.app.inject({
      method: 'GET',
      url: '/api/location',
      headers: { ...member.headers, 'x-forwarded-for': '203.0.113.10' },
    });
    expect(detected.json()).toMatchObject({ countryCode: 'FR', language: 'fr' });
    expect(await countryOf(member.user.id)).toBe('FR');
  });

  it('answers nulls (the browser’s language then applies) when the address cannot be placed', async () => {
    const none = { countryCode: null, language: null, signedIn: false };
    expect((await firstVisit({}, unconfigured)).json()).toEqual(none);
    fake.on('GET', '/:ip/json/', () => ({ status: 500, json: { error: true } }));
    const failing = await firstVisit();
    expect(failing.statusCode).toBe(200);
    expect(failing.json()).toEqual(none);
    fake.reset();
    fake.on('GET', '/:ip/json/', () => ({ json: { error: true, reason: 'Reserved IP Address' } }));
    expect((await firstVisit()).json()).toEqual(none);
  });
});
