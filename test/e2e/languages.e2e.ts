/**
 * The interface language in the browser: chosen from the browser's languages on a first visit
 * (a page rendered in English at build time becomes Spanish without a hydration error), switched
 * from the header (Arabic turns the page right to left), carried by a member's account to a new
 * browser, and suggested by 'Detect my location' through the location services (a fake on
 * loopback).
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { hashPassword } from '#server/modules/auth/passwords';
import arLanding from '#client/i18n/area-locales/landing/ar.json';
import esLanding from '#client/i18n/area-locales/landing/es.json';
import ar from '#client/i18n/locales/ar.json';
import es from '#client/i18n/locales/es.json';
import ja from '#client/i18n/locales/ja.json';
import jaMessages from '#server/messages/locales/ja.json';
import { LANGUAGE_CODES } from '#shared/languages';
import {
  VIEWPORTS,
  horizontalOverflow,
  launchBrowser,
  openPage,
  preRecordConsent,
} from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildSignedInUser } from '#test/support/factories';
import { startHttpFake, type HttpFake } from '#test/support/http-fake';
import { rememberSecret } from '#test/support/log-capture';

const SLOW = { timeout: 15_000 };
const PASSWORD = rememberSecret('Lanterns over the Tyne 1849');
// the session check of a visitor answers 401; a location service made to fail 502
const EXPECTED = [/401|502|503/];

const eventuallyLang = (page: Page, lang: string) =>
  expect.poll(() => page.evaluate(() => document.documentElement.lang), SLOW).toBe(lang);

const htmlLanguage = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe('languages in the browser', () => {
  let server: E2eServer;
  let browser: Browser;
  let fake: HttpFake;

  beforeAll(async () => {
    fake = await startHttpFake();
    server = await startE2eServer({
      env: { GEOLOCATION_URL: fake.url, REVERSE_GEOCODE_URL: `${fake.url}/reverse-geocode-client` },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  async function member(language = 'en') {
    return buildSignedInUser(server.db, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      language,
      passwordHash: await hashPassword(PASSWORD),
    });
  }

  it('shows a first visit from a Spanish browser in Spanish, rendered afresh without a hydration error', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: 'es-ES' });
    await preRecordConsent(context);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      const text = msg.text();
      if ((msg.type() === 'error' && !/status of 401/.test(text)) || /hydrat/i.test(text))
        problems.push(text);
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(server.url);
    await page.getByRole('heading', { level: 1, name: esLanding.hero.title }).waitFor(SLOW);
    expect(await htmlLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
    expect(await page.title()).toContain(esLanding.title);
    await expect.poll(() => page.getByRole('combobox', { name: es.layout.language }).inputValue()).toBe('es');
    // the Spanish dictionary was fetched besides the English one every page has; no other language's
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name.replace(/^.*\/assets\//, '')),
    );
    expect(fetched.filter((name) => name.startsWith('locale-')).map((name) => name.slice(0, 9))).toEqual([
      'locale-en',
      'locale-es',
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("explains a refused sign-in from a Japanese browser in Japanese, the server's own message", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'ja-JP' });
    await preRecordConsent(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/auth`);
    await eventuallyLang(page, 'ja');
    // the page rendered in English at build time is rendered afresh in Japanese: fill the form
    // once it is the Japanese one (what is typed into the English one would be replaced)
    const submit = page.getByRole('button', { name: ja.auth.signIn.submit, exact: true });
    await submit.waitFor(SLOW);
    await page.locator('#signin-email').fill('nobody@example.test');
    await page.locator('#signin-password').fill(rememberSecret('not the password at all'));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'), SLOW);
    await submit.click();
    expect((await answer).request().headers()['accept-language']).toBe('ja');
    await page.getByText(jaMessages.errors.invalid_credentials).waitFor(SLOW);
    expect(await page.getByText('Invalid email or password').count()).toBe(0);
    await context.close();
  });

  it('switches to Arabic from the header: right to left, kept for the next visit', async () => {
    const { page, problems, context } = await openPage(browser, 'phone', { allow: EXPECTED });
    await page.goto(`${server.url}/auth?action=signin`);
    // the sign-in page is rendered at build time: the switcher works once the page's script runs it
    const switcher = page.getByRole('combobox', { name: 'Language' });
    await expect
      .poll(
        () => switcher.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))),
        SLOW,
      )
      .toBe(true);
    await switcher.selectOption('ar');
    await page.getByRole('combobox', { name: ar.layout.language }).waitFor(SLOW);
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('heading', { level: 1, name: ar.auth.headings.signIn }).waitFor(SLOW);

    // the choice is kept in this browser (functional storage, consented to)
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    await page.goto(server.url);
    await page.getByRole('heading', { level: 1, name: arLanding.hero.title }).waitFor(SLOW);
    expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits the public pages on a phone in every language', async () => {
    const { page, problems, context } = await openPage(browser, 'phone', { allow: EXPECTED });
    await page.goto(server.url);
    const wide: string[] = [];
    for (const language of LANGUAGE_CODES) {
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      for (const path of ['/', '/auth?action=signup', '/terms']) {
        await page.goto(`${server.url}${path}`);
        await page.waitForFunction(
          (code) => document.documentElement.lang === code && document.querySelector('h1'),
          language,
          SLOW,
        );
        const { px, culprits } = await horizontalOverflow(page);
        if (px > 0) wide.push(`${language} ${path}: ${px} px too wide (${culprits.join(', ')})`);
      }
    }
    expect(wide).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('carries the language a member picks in settings to a fresh browser they sign in from', async () => {
    const { user, token } = await member('en');
    const first = await openPage(browser, 'desktop', { allow: EXPECTED });
    await first.context.addCookies([{ name: 'lw_session', value: token, url: server.url }]);
    await first.page.goto(`${server.url}/settings`);
    await first.page.getByRole('button', { name: 'Change language' }).click(SLOW);
    const dialog = first.page.getByRole('dialog', { name: 'Select Language' });
    await dialog.getByLabel('Display Language').selectOption('ja');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await first.page.getByRole('heading', { level: 2, name: ja.settings.profile.title }).waitFor(SLOW);
    expect(await htmlLanguage(first.page)).toEqual({ lang: 'ja', dir: 'ltr' });
    const [saved] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(saved!.language).toBe('ja');
    expect(first.problems).toEqual([]);
    await first.context.close();

    // a new browser, in English, with nothing stored
    const second = await openPage(browser, 'desktop', { allow: EXPECTED });
    await second.page.goto(`${server.url}/auth?action=signin`);
    expect(await htmlLanguage(second.page)).toEqual({ lang: 'en', dir: 'ltr' });
    await second.page.getByLabel('Email address').fill(user.email);
    await second.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await second.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await second.page.getByRole('button', { name: ja.nav.logout }).first().waitFor(SLOW);
    expect(await htmlLanguage(second.page)).toEqual({ lang: 'ja', dir: 'ltr' });

    // switching from the member's header saves to the account too
    await second.page.getByRole('combobox', { name: ja.layout.language }).selectOption('es');
    await second.page.getByRole('button', { name: es.nav.logout }).first().waitFor(SLOW);
    await expect
      .poll(
        async () => (await server.db.select().from(users).where(eq(users.id, user.id)))[0]!.language,
        SLOW,
      )
      .toBe('es');
    expect(second.problems).toEqual([]);
    await second.context.close();
  });

  it("'Detect my location' suggests the language of the member's country, and uses it on request", async () => {
    fake.on('GET', '/:ip/json/', () => ({
      json: {
        country_code: 'JP',
        country_name: 'Japan',
        region: 'Tokyo',
        city: 'Chiyoda',
        timezone: 'Asia/Tokyo',
      },
    }));
    const { user, token } = await member('en');
    const { page, problems, context } = await openPage(browser, 'desktop', { allow: EXPECTED });
    await context.addCookies([{ name: 'lw_session', value: token, url: server.url }]);
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { level: 3, name: 'Location' }).waitFor(SLOW);
    expect(fake.requests).toHaveLength(0); // nothing is asked before the click

    await page.getByRole('button', { name: 'Detect my location' }).click();
    await page.getByText('Your location: Chiyoda, Tokyo, Japan').waitFor(SLOW);
    await page.getByText('Language of your country: 日本語').waitFor(SLOW);
    await page.getByRole('button', { name: 'Use 日本語' }).click();
    await page.getByRole('heading', { level: 3, name: ja.settings.location.title }).waitFor(SLOW);
    expect(await htmlLanguage(page)).toEqual({ lang: 'ja', dir: 'ltr' });
    const [saved] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(saved!.language).toBe('ja');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('falls back to the browser position, and to the browser language with the spec’s error', async () => {
    fake.on('GET', '/:ip/json/', () => ({ status: 500, json: { error: 'down' } }));
    fake.on('GET', '/reverse-geocode-client', () => ({
      json: {
        countryCode: 'SA',
        countryName: 'Saudi Arabia',
        principalSubdivision: 'Riyadh',
        city: 'Riyadh',
      },
    }));
    const { token } = await member('en');

    // permission refused: the error, and the browser's language
    const denied = await openPage(browser, 'desktop', { allow: EXPECTED });
    await denied.context.addCookies([{ name: 'lw_session', value: token, url: server.url }]);
    await denied.page.goto(`${server.url}/settings`);
    await denied.page.getByRole('button', { name: 'Detect my location' }).click(SLOW);
    await denied.page.getByText('Geolocation permission denied').waitFor(SLOW);
    await denied.page.getByText("Your browser's language: English").waitFor(SLOW);
    await denied.page.getByText('English is already your language.').waitFor(SLOW);
    expect(denied.problems).toEqual([]);
    await denied.context.close();

    // permission given: the position, placed by reverse geocoding
    const allowed = await openPage(browser, 'desktop', { allow: EXPECTED });
    await allowed.context.grantPermissions(['geolocation'], { origin: server.url });
    await allowed.context.setGeolocation({ latitude: 24.7136, longitude: 46.6753 });
    await allowed.context.addCookies([{ name: 'lw_session', value: token, url: server.url }]);
    await allowed.page.goto(`${server.url}/settings`);
    await allowed.page.getByRole('button', { name: 'Detect my location' }).click(SLOW);
    await allowed.page.getByText('Your location: Riyadh, Saudi Arabia').waitFor(SLOW);
    await allowed.page.getByRole('button', { name: 'Use العربية' }).waitFor(SLOW);
    const reverse = fake.requestsTo('GET', '/reverse-geocode-client');
    expect(reverse.map((r) => r.query)).toEqual([
      { latitude: '24.7136', longitude: '46.6753', localityLanguage: 'en' },
    ]);
    expect(allowed.problems).toEqual([]);
    await allowed.context.close();
  });
});
