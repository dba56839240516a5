/**
 * The API answers its errors in the language the client asks for (the interface language, sent
 * as Accept-Language), and in English as thrown otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import { post, uniqueEmail, uniqueIp } from './auth-helpers';

const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;
const ARABIC = /[\u0600-\u06ff]/;

describe.skipIf(postgresUnavailable())('error messages in the language asked for', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const wrongLogin = (language?: string) =>
    post(
      t,
      '/api/auth/login',
      { email: uniqueEmail(), password: rememberSecret('not the password at all') },
      { ip: uniqueIp(), headers: language ? { 'accept-language': language } : {} },
    );

  it('answers a refused sign-in in Japanese or Arabic, and in English without a language', async () => {
    const english = await wrongLogin();
    expect(english.json()).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid email or password' },
    });
    expect((await wrongLogin('en-GB,en;q=0.9')).json().error.message).toBe('Invalid email or password');
    const ja = await wrongLogin('ja');
    expect(ja.statusCode).toBe(401);
    expect(ja.json().error.code).toBe('invalid_credentials');
    expect(ja.json().error.message).toMatch(CJK);
    expect((await wrongLogin('ar')).json().error.message).toMatch(ARABIC);
    // a language the service does not write falls back to English
    expect((await wrongLogin('sv-SE')).json().error.message).toBe('Invalid email or password');
  });

  it('says what was wrong with a request in the language, with the fields for developers', async () => {
    const res = await post(
      t,
      '/api/auth/login',
      { email: 'not-an-email' },
      {
        ip: uniqueIp(),
        headers: { 'accept-language': 'es-ES,es;q=0.9' },
      },
    );
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message).not.toMatch(/^Invalid body/);
    expect(error.details.map((d: { field: string }) => d.field)).toContain('body.email');
  });

  it('fills a member-facing limit in the language', async () => {
    const member = await buildSignedInUser(t.db);
    const add = (term: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/search-terms',
        headers: { ...member.headers, 'accept-language': 'fr' },
        payload: { searchTerm: term },
      });
    const first = await add('coastal flood defences');
    expect(first.statusCode).toBeLessThan(300);
    const again = await add('coastal flood defences');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('search_term_exists');
    expect(again.json().error.message).not.toBe('You already have this search term.');
  });
});

describe.skipIf(postgresUnavailable())('the API rate limit in the language asked for', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  it('says how long to wait in German, and in English without a language', async () => {
    const remoteAddress = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    const call = (language?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/law-areas',
        remoteAddress,
        headers: language ? { 'accept-language': language } : {},
      });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const english = await call();
    expect(english.statusCode).toBe(429);
    expect(english.json().error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds? and try again\.$|minute/),
    });
    expect(Number(english.headers['retry-after'])).toBeGreaterThan(0);
    const german = await call('de-DE,de;q=0.9');
    expect(german.statusCode).toBe(429);
    expect(german.json().error.message).toMatch(
      /^Zu viele Anfragen\. Bitte warten Sie .+ (Sekunden?|Minuten?)/,
    );
  });
});
