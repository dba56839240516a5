/**
 * /legal-sources in the browser, its source clients pointed at the replay server: sync, an EU
 * search filtered to regulations, following a result, and seeing it on the dashboard.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildSignedInUser } from '#test/support/factories';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { FAST_CLIENTS, upstreamEnv } from '../api/sync-fixtures';

const SLOW = { timeout: 15_000 };

describe('legal sources in the browser', () => {
  let server: E2eServer;
  let replay: ReplayServer;
  let browser: Browser;

  beforeAll(async () => {
    replay = await startReplayServer();
    const f = (path: string) => `sources/${path}`;
    replay.route({ path: '/sparql', bodyFile: f('eur-lex/constructed-sparql-search-data-protection.json') });
    replay.route({
      path: '/fr/documents.json',
      bodyFile: f('federal-register/documents-search-term-clean-water.json'),
    });
    replay.route({
      path: '/legisinfo/en/bills/json',
      bodyFile: f('canada-legisinfo/bills-json-parlsession-45-1-first-60.json'),
    });
    replay.route({
      path: '/frl/titles',
      bodyFile: f('australia-legislation/constructed-titles-search-privacy.json'),
    });
    server = await startE2eServer({
      env: {
        ...upstreamEnv(replay),
        EURLEX_SPARQL_URL: `${replay.url}/sparql`,
        FEDERAL_REGISTER_API_URL: `${replay.url}/fr`,
        CANADA_LEGISINFO_URL: `${replay.url}/legisinfo`,
        AUSTRALIA_LEGISLATION_API_URL: `${replay.url}/frl`,
      },
      deps: { syncClientOptions: FAST_CLIENTS },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await replay?.close();
  });

  async function signedIn(viewport: 'desktop' | 'phone') {
    const member = await buildSignedInUser(server.db, { subscriptionTier: 'premium' });
    const opened = await openPage(browser, viewport);
    await opened.context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    opened.page.setDefaultTimeout(15_000);
    return opened;
  }

  it('syncs the sources, searches EU regulations, follows one and finds it on the dashboard', async () => {
    const { page, problems, context } = await signedIn('desktop');
    await page.goto(`${server.url}/legal-sources`);
    await page.getByRole('heading', { level: 1, name: 'Legal Sources' }).waitFor(SLOW);
    await page.getByTestId('source-eu').getByText('Unavailable').waitFor(SLOW);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sync All Sources' }).click();
    await page
      .getByText(/Successfully synced \d+ sources, \d+ failed/)
      .first()
      .waitFor(SLOW);
    await page.getByTestId('source-eu').getByText('Available').waitFor(SLOW);
    // Congress.gov has no key here
    await page.getByTestId('source-us-congress').getByText('API Key Required').waitFor(SLOW);

    // a search without a jurisdiction says so
    await page.getByLabel('Search terms').fill('data protection');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Please select a jurisdiction.').waitFor(SLOW);

    await page.getByLabel('Jurisdiction').selectOption('eu');
    await page.getByLabel('Document type').selectOption('regulation');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('2 results').waitFor(SLOW);
    expect(await page.getByText(/^Directive \(EU\) 2016\/680/).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/legal-sources-desktop.png', fullPage: true });

    await page.getByRole('button', { name: /^Follow: Regulation \(EU\) 2016\/679/ }).click();
    await page.getByRole('link', { name: 'Following' }).waitFor(SLOW);

    // the recent lists: EU directives from the sync, Global coming soon
    await page.getByRole('tab', { name: 'EU' }).click();
    await page.getByText(/^Directive \(EU\) 2016\/680/).waitFor(SLOW);
    await page.getByRole('tab', { name: 'Global' }).click();
    await page.getByText('A combined view of every jurisdiction is coming soon.').waitFor(SLOW);

    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: /Active Trackings/ }).click();
    await page
      .getByRole('dialog', { name: 'Followed legislation' })
      .getByText(/Regulation \(EU\) 2016\/679/)
      .waitFor(SLOW);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('works at phone width and says Search Failed when the source fails', async () => {
    const { page, problems, context } = await signedIn('phone');
    replay.fault('/frl/titles', 'status500');
    await page.goto(`${server.url}/legal-sources`);
    await page.getByRole('heading', { level: 1, name: 'Legal Sources' }).waitFor(SLOW);
    await page.getByLabel('Jurisdiction').selectOption('australia');
    await page.getByLabel('Search terms').fill('privacy');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Failed to search legal sources').first().waitFor(SLOW);
    // a source the server cannot search says why (its own message), not a generic failure
    await page.getByLabel('Jurisdiction').selectOption('us-congress');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('This source needs an API key that is not configured.').waitFor(SLOW);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/legal-sources-phone.png', fullPage: true });
    replay.clearFaults();
    // the page itself does not scroll sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems.filter((p) => !/50[23]/.test(p))).toEqual([]);
    await context.close();
  }, 60_000);
});
