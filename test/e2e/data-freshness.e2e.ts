/**
 * The dashboard's stale-data banner: with the bundled snapshot loaded (the upstreams could not
 * be reached on the first start) it says so, with the day it was loaded and the sources being
 * retried; after a successful sync (the replay server serves the recorded bills) it is gone.
 * And a first visit's language: the visitor's country's (the IP-geolocation service is a fake
 * on loopback), asked only once they allow functional cookies.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStart } from '#server/modules/sync/first-start';
import { runSync } from '#server/modules/sync/run-sync';
import { testConfig } from '#test/support/build-test-app';
import { expectNoAxeViolations, horizontalOverflow, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildSignedInUser } from '#test/support/factories';
import { startHttpFake, type HttpFake } from '#test/support/http-fake';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { recordedBills, serveBills, syncContext } from '../api/sync-fixtures';

const quiet = { info() {}, warn() {}, error() {} };
/** nothing listens on the discard port of the loopback interface: every request is refused */
const UNREACHABLE = {
  PARLIAMENT_BILLS_API_URL: 'http://127.0.0.1:9/api/v1',
  LEGISLATION_API_URL: 'http://127.0.0.1:9',
};
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

describe('data state: the stale-data banner and a first visit’s language', () => {
  let server: E2eServer;
  let replay: ReplayServer;
  let geolocation: HttpFake;
  let browser: Browser;

  beforeAll(async () => {
    replay = await startReplayServer();
    geolocation = await startHttpFake();
    geolocation.on('GET', '/:ip/json/', () => ({
      json: { ip: 'x', city: 'Berlin', region: null, country_code: 'DE', country_name: 'Germany' },
    }));
    server = await startE2eServer({ env: { GEOLOCATION_URL: geolocation.url } });
    browser = await launchBrowser();
    const first = await firstStart({ config: testConfig(UNREACHABLE), db: server.db, log: quiet });
    expect(first.snapshotLoaded).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await replay?.close();
    await geolocation?.close();
  });

  it('shows the bundled snapshot with its load day and the retried sources, and goes after a successful sync', async () => {
    const member = await buildSignedInUser(server.db, { firstName: 'Ada' });
    const { page, context, problems } = await openPage(browser, 'phone');
    await context.addCookies([{ name: member.cookie.name, value: member.token, url: server.url }]);
    await page.goto(server.url);
    const banner = page.locator('[data-freshness-banner]');
    await eventually(() => banner.count()).toBe(1);
    const now = new Date();
    const month = new Intl.DateTimeFormat('en', { month: 'long' }).format(now);
    const day = new RegExp(
      `loaded on (${now.getDate()} ${month}|${month} ${now.getDate()},) ${now.getFullYear()}`,
    );
    const text = await banner.textContent();
    expect(text).toContain('You are seeing the bundled snapshot');
    expect(text).toMatch(day);
    expect(text).toMatch(/a snapshot taken on September 24, 2026/);
    expect(text).toMatch(/Being retried:.*UK Parliament.*legislation\.gov\.uk/);
    expect((await horizontalOverflow(page)).px).toBe(0);
    await expectNoAxeViolations(page);

    serveBills(replay, recordedBills());
    const run = await runSync(syncContext(server.db, replay), 'uk-parliament', { triggeredBy: 'test' });
    expect(run.status, run.errorMessage ?? '').toBe('completed');
    await page.reload();
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Dashboard' }).count()).toBe(1);
    await eventually(() => page.getByTestId('legislation-item').count()).toBeGreaterThan(0);
    expect(await banner.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('starts a first visit in the language of the visitor’s country once they allow functional cookies', async () => {
    const { page, context, problems } = await openPage(browser, 'desktop', {
      cookieConsent: false,
      allow: [/401/], // a signed-out visitor's check of the current user answers 401
    });
    const lang = () => page.evaluate(() => document.documentElement.lang);
    const lookups = () => geolocation.requests.length - before;
    const before = geolocation.requests.length;
    await page.goto(server.url);
    await eventually(() => page.getByRole('button', { name: 'Accept All Cookies' }).count()).toBe(1);
    // no choice yet: nothing is looked up, the browser's language stays
    expect(lookups()).toBe(0);
    expect(await lang()).toBe('en');
    await page.getByRole('button', { name: 'Accept All Cookies' }).click();
    await eventually(lang).toBe('de');
    expect(lookups()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
    // the stored choice comes first from then on: no second lookup
    await page.reload();
    await eventually(lang).toBe('de');
    expect(lookups()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
