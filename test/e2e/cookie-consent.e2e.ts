import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieConsentRecords } from '#server/db/schema';
import { hashPassword } from '#server/modules/auth/passwords';
import { BROWSER_STORAGE } from '#client/features/cookies/inventory';
import { COOKIE_POLICY_VERSION } from '#shared/cookie-consent';
import { expectNoAxeViolations, launchBrowser, openPage, runClock } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildSignedInUser, buildUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import {
  BANNER_DELAY_MS,
  GOOD_CLS,
  banner,
  storageOf,
  timings,
  total,
  watchBanner,
} from './cookie-banner-watch';

// a signed-out visitor's session check answers 401: expected
const SIGNED_OUT = [/401/];
const SLOW = { timeout: 15_000 };
const ADMIN_PASSWORD = rememberSecret('cookie consent e2e admin passphrase');
const NECESSARY = new Set(BROWSER_STORAGE.filter((i) => i.category === 'necessary').map((i) => i.name));
const LISTED = new Set(BROWSER_STORAGE.map((i) => i.name));

describe('cookie consent in the browser', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startE2eServer({ env: { ADMIN_PASSWORD } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the banner 1500 ms after load without shifting the page, and Only Necessary stores nothing optional', async () => {
    const { page, problems, context } = await openPage(browser, 'desktop', {
      allow: SIGNED_OUT,
      cookieConsent: false,
    });
    // left behind by some other site on this host: 'Only Necessary' clears it (spec §4)
    await context.addCookies([{ name: '_ga', value: 'GA1.1.123', url: server.url }]);
    await watchBanner(page);
    await page.goto(server.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // before any choice: nothing but necessary storage (none at all for a visitor)
    expect((await storageOf(page)).keys).toEqual([]);

    await banner(page).waitFor(SLOW);
    const shown = await timings(page);
    expect(shown.shown).toBeGreaterThanOrEqual(BANNER_DELAY_MS);
    // the banner moves nothing on the page; the load before it stays within 'good' CLS
    expect(shown.bannerShifts).toEqual([]);
    expect(total(shown.loadShifts), JSON.stringify(shown.loadShifts)).toBeLessThan(GOOD_CLS);
    expect(await banner(page).getByRole('heading').textContent()).toBe(
      'We use cookies to enhance your experience',
    );
    for (const name of ['Accept All Cookies', 'Only Necessary', 'Close the cookie notice'])
      expect(await banner(page).getByRole('button', { name }).count()).toBe(1);
    expect(await banner(page).getByRole('link', { name: 'Customize' }).getAttribute('href')).toBe('/cookies');
    await expectNoAxeViolations(page);

    // while it faded in and stayed, nothing on the page moved either
    expect((await timings(page)).bannerShifts).toEqual([]);
    const clickedAt = await page.evaluate(() => performance.now());
    await banner(page).getByRole('button', { name: 'Only Necessary' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const gone = (await timings(page)).gone!;
    // a 300 ms fade, then gone (allowing for a busy test machine)
    expect(gone - clickedAt).toBeGreaterThanOrEqual(250);
    expect(gone - clickedAt).toBeLessThan(1000);

    const after = await storageOf(page);
    expect(after.keys).toEqual(['cookie-consent-given', 'cookie-preferences']);
    expect(after.keys.every((key) => NECESSARY.has(key))).toBe(true);
    expect(after.cookies).not.toContain('_ga');
    const recorded = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie-preferences')!));
    expect(recorded).toMatchObject({
      necessary: true,
      analytics: false,
      functional: false,
      marketing: false,
      policyVersion: COOKIE_POLICY_VERSION,
    });

    // the choice holds: no banner on the next visit, past the banner's delay
    await page.clock.install();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await runClock(page, BANNER_DELAY_MS);
    expect(await banner(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is reached with the keyboard after the page and lets focus move on (no trap), on a phone too', async () => {
    const { page, problems, context } = await openPage(browser, 'phone', {
      allow: SIGNED_OUT,
      cookieConsent: false,
    });
    await page.goto(`${server.url}/terms`);
    await banner(page).waitFor(SLOW);
    await expectNoAxeViolations(page);
    // from the last link of the page, Tab enters the banner
    await page.locator('footer a').last().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept All Cookies');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    const inside = await page.evaluate(
      () =>
        document.querySelector('[data-testid="cookie-banner"]')?.contains(document.activeElement) ?? false,
    );
    expect(inside).toBe(false);
    // the close button ends it for this visit without recording a choice
    await banner(page).getByRole('button', { name: 'Close the cookie notice' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect((await storageOf(page)).keys).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Customize opens /cookies, whose switches save and come back as chosen', async () => {
    const { page, problems, context } = await openPage(browser, 'desktop', {
      allow: SIGNED_OUT,
      cookieConsent: false,
    });
    await page.goto(server.url);
    await banner(page).waitFor(SLOW);
    await banner(page).getByRole('link', { name: 'Customize' }).click();
    await page.waitForURL(`${server.url}/cookies`);
    await banner(page).waitFor({ state: 'detached' });
    const switchFor = (name: string) => page.getByRole('switch', { name: new RegExp(`^${name}`) });
    await switchFor('Analytics').waitFor();
    expect(await switchFor('Necessary').isChecked()).toBe(true);
    expect(await switchFor('Necessary').isDisabled()).toBe(true);
    for (const name of ['Analytics', 'Functional', 'Marketing'])
      expect(await switchFor(name).isChecked()).toBe(false);

    await switchFor('Functional').check();
    await switchFor('Analytics').check();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Cookie preferences saved').first().waitFor(SLOW);

    await page.reload();
    await switchFor('Analytics').waitFor();
    // the page's HTML is painted before its script; the stored choice shows once it takes over
    await expect.poll(() => switchFor('Analytics').isChecked(), SLOW).toBe(true);
    expect(await switchFor('Functional').isChecked()).toBe(true);
    expect(await switchFor('Marketing').isChecked()).toBe(false);

    // functional storage is now allowed; Reject All takes it away again
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.getByRole('button', { name: 'Reject All' }).click();
    await page.getByText('Cookie preferences saved').first().waitFor(SLOW);
    for (const name of ['Analytics', 'Functional', 'Marketing'])
      expect(await switchFor(name).isChecked()).toBe(false);
    expect((await storageOf(page)).keys).toEqual(['cookie-consent-given', 'cookie-preferences']);

    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.getByText('Cookie preferences saved').first().waitFor(SLOW);
    for (const name of ['Analytics', 'Functional', 'Marketing'])
      expect(await switchFor(name).isChecked()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps a signed-in member's choice on the server, so a new browser does not ask again", async () => {
    const member = await buildSignedInUser(server.db);
    const first = await openPage(browser, 'desktop', { cookieConsent: false });
    await first.context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    await first.page.goto(server.url);
    await banner(first.page).waitFor(SLOW);
    const saved = first.page.waitForResponse(
      (r) => r.url().endsWith('/api/user/cookie-preferences') && r.request().method() === 'PUT',
    );
    await banner(first.page).getByRole('button', { name: 'Accept All Cookies' }).click();
    expect((await saved).status()).toBe(200);
    await banner(first.page).waitFor({ state: 'detached' });
    const records = await server.db
      .select()
      .from(cookieConsentRecords)
      .where(eq(cookieConsentRecords.userId, member.user.id));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ analytics: true, functional: true, marketing: true });
    expect(first.problems).toEqual([]);
    await first.context.close();

    const second = await openPage(browser, 'phone', { cookieConsent: false });
    await second.context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    await watchBanner(second.page);
    await second.page.clock.install();
    // the saved choice is read with the page (an early answer) or from the API: either way it holds
    await second.page.goto(server.url);
    // remembered in the new browser too
    await expect
      .poll(() => second.page.evaluate(() => localStorage.getItem('cookie-consent-given')), {
        timeout: 15_000,
      })
      .toBe(COOKIE_POLICY_VERSION);
    // past the banner's delay
    await runClock(second.page, BANNER_DELAY_MS);
    expect((await timings(second.page)).shown).toBeUndefined();
    expect(second.problems).toEqual([]);
    await second.context.close();
  });

  it("closes the banner and says 'Error saving preferences' when the server cannot save", async () => {
    const member = await buildSignedInUser(server.db);
    const { page, problems, context } = await openPage(browser, 'desktop', {
      allow: [/500/],
      cookieConsent: false,
    });
    await context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    await page.route('**/api/user/cookie-preferences', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":{"code":"x","message":"down"}}',
          })
        : route.fallback(),
    );
    await page.goto(server.url);
    await banner(page).waitFor(SLOW);
    await banner(page).getByRole('button', { name: 'Accept All Cookies' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.getByText('Error saving preferences').first().waitFor(SLOW);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists on /cookies every cookie and storage key a browser holds after members and administrators sign in', async () => {
    const password = rememberSecret(`Harbour lights ${Date.now()} at dusk`);
    const user = await buildUser(server.db, { passwordHash: await hashPassword(password) });
    const { page, problems, context } = await openPage(browser, 'desktop', { allow: SIGNED_OUT });
    await page.goto(`${server.url}/auth?action=signin`);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Stay logged in on this browser for 30 days').check();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page
      .getByRole('button', { name: /^log ?out$/i })
      .first()
      .waitFor(SLOW);
    await page.getByRole('button', { name: 'View Following' }).click();
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' }).waitFor(SLOW);

    const held = await storageOf(page);
    expect(held.cookies).toEqual(expect.arrayContaining(['lw_session', 'lw_admin', 'csrf-token']));
    expect(held.keys).toEqual(expect.arrayContaining(['cookie-consent-given', 'dashboard-view-mode']));
    for (const name of [...held.cookies, ...held.keys])
      expect([name, LISTED.has(name)]).toEqual([name, true]);

    // and the page shows each of them
    await page.goto(`${server.url}/cookies`);
    const table = page.getByTestId('cookie-inventory');
    await table.waitFor();
    const text = await table.textContent();
    for (const name of LISTED) expect(text).toContain(name);
    expect(problems).toEqual([]);
    await context.close();
  });
});
