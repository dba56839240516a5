import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage, settleAnimations } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildSignedInUser } from '#test/support/factories';
import { BILL_TITLE, UNCONFIGURED, analysis, fakeNews, seedLegalChanges } from './legal-change-records';

/** Screens load their chunk and data first: wait up to 15 s. */
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

describe('legal change page', () => {
  let server: E2eServer;
  let browser: Browser;
  let itemId: number;
  let emptyItemId: number;
  let failingItemId: number;
  let token: string;

  beforeAll(async () => {
    server = await startE2eServer({
      deps: { newsProviders: [fakeNews(BILL_TITLE)], analysisProvider: analysis },
    });
    browser = await launchBrowser();
    ({ itemId, emptyItemId, failingItemId } = await seedLegalChanges(server.db));
    token = (await buildSignedInUser(server.db)).token;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedInPage(viewport: 'desktop' | 'phone', allow: RegExp[] = []) {
    const opened = await openPage(browser, viewport, { allow });
    await opened.context.addCookies([{ name: 'lw_session', value: token, url: server.url }]);
    return opened;
  }

  async function selectTab(page: Page, name: string, param: string | null) {
    await page.getByRole('tab', { name }).click();
    await until(() => page.getByRole('tab', { name, selected: true }).count()).toBe(1);
    await until(() => new URL(page.url()).searchParams.get('tab')).toBe(param);
  }

  async function noOverflow(page: Page) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows the item and every tab with no accessibility violations (${viewport})`, async () => {
      const { page, problems, context } = await signedInPage(viewport);
      await page.goto(`${server.url}/legal-change/${itemId}`);
      await until(() => page.getByRole('heading', { level: 1, name: BILL_TITLE }).count()).toBe(1);

      // Key information
      const body = () => page.locator('main').innerText();
      await until(body).toMatch(/Current House\/Passage/i);
      expect(await body()).toMatch(/House of Commons/);
      expect(await body()).toMatch(/2026-27/);
      expect(await body()).toMatch(/Sep 10, 2026 to Oct 20, 2026/);
      expect(await page.getByRole('link', { name: /View on .?UK Parliament/ }).getAttribute('href')).toBe(
        'https://bills.parliament.uk/bills/9999',
      );
      // Latest stages: the three newest
      await until(() =>
        page.getByRole('heading', { level: 3, name: 'Committee stage in the House of Commons' }).count(),
      ).toBe(1);

      // AI overview (default)
      await until(() => page.getByRole('heading', { name: 'Executive Summary' }).count()).toBe(1);
      expect(await page.getByTestId('generated-from').innerText()).not.toBe('');
      expect(await page.getByRole('button', { name: 'Update Analysis' }).count()).toBe(1);
      await noOverflow(page);
      await page.screenshot({ path: `/tmp/lc-${viewport}-ai.png`, fullPage: true });
      await expectNoAxeViolations(page);

      // News
      await selectTab(page, 'News', 'news');
      await until(() => page.getByRole('link', { name: /government publishes update/ }).count()).toBe(1);
      expect(await page.getByRole('img', { name: /Relevance \d+%/ }).count()).toBe(1);
      expect(await page.getByText(/Found 1 article/).count()).toBe(1);
      await noOverflow(page);
      await page.screenshot({ path: `/tmp/lc-${viewport}-news.png`, fullPage: true });
      await expectNoAxeViolations(page);

      // Timeline
      await selectTab(page, 'Timeline', 'timeline');
      await until(() => page.getByRole('heading', { name: 'Parliamentary journey' }).count()).toBe(1);
      const journey = page.locator('ol').last();
      expect(await journey.locator('li').count()).toBe(4);
      expect(await journey.innerText()).toMatch(/Date to be confirmed/);
      expect(await journey.innerText()).toMatch(/Final stages/);
      expect(await page.getByRole('button', { name: 'Load timeline from the source' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Refresh Timeline' }).count()).toBe(1);
      await noOverflow(page);
      await page.screenshot({ path: `/tmp/lc-${viewport}-timeline.png`, fullPage: true });
      await expectNoAxeViolations(page);

      // Amendments
      await selectTab(page, 'Amendments', 'amendments');
      await until(() => page.getByRole('heading', { name: 'Amendment 12' }).count()).toBe(1);
      const toggle = page.getByRole('button', { name: 'Show full text' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await page.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe(
        'true',
      );
      expect(await page.getByRole('button', { name: 'Sync Latest' }).count()).toBe(1);
      await noOverflow(page);
      await page.screenshot({ path: `/tmp/lc-${viewport}-amendments.png`, fullPage: true });
      await expectNoAxeViolations(page);

      // Documents
      await selectTab(page, 'Documents', 'documents');
      await until(() => page.getByRole('heading', { name: 'Bill as introduced' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: /Download Bill as introduced/ }).getAttribute('href')).toBe(
        'https://bills.parliament.uk/publications/1/documents/1/pdf',
      );
      expect(await page.locator('main').innerText()).toMatch(/345\.7 kB/);
      await noOverflow(page);
      await page.screenshot({ path: `/tmp/lc-${viewport}-documents.png`, fullPage: true });
      await expectNoAxeViolations(page);

      // back to the AI overview: the tab leaves the URL
      await selectTab(page, 'AI Overview', null);
      if (viewport === 'phone') {
        await page.setViewportSize({ width: 320, height: 720 });
        await noOverflow(page);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('opens the tab named in the URL and follows the item', async () => {
    const { page, problems, context } = await signedInPage('desktop');
    await page.goto(`${server.url}/legal-changes/${itemId}?tab=timeline`);
    await until(() => page.getByRole('tab', { name: 'Timeline', selected: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Follow' }).click();
    await until(() => page.getByRole('button', { name: 'Following' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe('true');
    await until(() => page.getByText('Your preference has been saved.').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`a drag on the tab strip does not switch tab (${viewport})`, async () => {
      const { page, problems, context } = await signedInPage(viewport);
      await page.goto(`${server.url}/legal-change/${itemId}?tab=news`);
      await until(() => page.getByRole('tab', { name: 'News', selected: true }).count()).toBe(1);
      const target = page.getByRole('tab', { name: 'Timeline' });
      await target.scrollIntoViewIfNeeded();
      const box = (await target.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      // the page's own scroll to the top (50, 200 and 600 ms after opening a tab from the URL) can
      // move the strip from under the pointer mid-drag: it must stay a drag
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.mouse.move(x - 30, y, { steps: 6 });
      await page.mouse.up();
      await settleAnimations(page);
      expect(await page.getByRole('tab', { name: 'News', selected: true }).count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('tab')).toBe('news');
      // a plain click still switches
      await target.click();
      await until(() => page.getByRole('tab', { name: 'Timeline', selected: true }).count()).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('shows the empty states of an item with no records', async () => {
    // the timeline is requested from the source automatically; this instrument has none to give
    const { page, context } = await signedInPage('phone', [/status of 4\d\d|status of 5\d\d/]);
    await page.goto(`${server.url}/legal-change/${emptyItemId}?tab=amendments`);
    await until(() => page.getByText(/Amendments are changes proposed to a bill/).count()).toBe(1);
    await selectTab(page, 'Documents', 'documents');
    await until(() => page.getByText('No documents available for this legal change yet.').count()).toBe(1);
    await selectTab(page, 'Timeline', 'timeline');
    // said in the timeline, and in the latest dates beside it
    await until(() =>
      page.getByRole('tabpanel').getByText('No dates recorded for this item yet.').count(),
    ).toBe(1);
    expect(await page.getByText('No dates recorded for this item yet.').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Load timeline from the source' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/lc-phone-empty.png', fullPage: true });
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('explains a refused AI key and a failed news search (phone)', async () => {
    const { page, problems, context } = await signedInPage('phone', [/status of 503/]);
    await page.goto(`${server.url}/legal-change/${failingItemId}`);
    await until(() =>
      page.getByText('AI analysis needs configuration. Please contact support.').count(),
    ).toBe(1);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    const main = await page.locator('main').innerText();
    expect(main).toMatch(/Bill Reference/i);
    expect(main).toMatch(/SP Bill 42/);
    expect(main).toMatch(/Scottish Water/);
    expect(main).not.toMatch(/Current House\/Passage/i);
    await page.screenshot({ path: '/tmp/lc-phone-ai-error.png', fullPage: true });
    await expectNoAxeViolations(page);
    await selectTab(page, 'News', 'news');
    await until(() => page.getByText('News Search Temporarily Unavailable').count()).toBe(1);
    const google = page.getByRole('link', { name: /Search Google/ });
    const href = new URL((await google.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://www.google.com/search');
    expect(href.searchParams.get('q')).toBe(`${UNCONFIGURED} Scottish Bill UK legislation news`);
    expect(await google.getAttribute('target')).toBe('_blank');
    // the failed search is the cause shown, once: no 'nothing found' beside it
    expect(await page.getByText('No Recent News Found').count()).toBe(0);
    await page.screenshot({ path: '/tmp/lc-phone-news-error.png', fullPage: true });
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the not-found state for an unknown id', async () => {
    const { page, problems, context } = await signedInPage('desktop', [/status of 404/]);
    await page.goto(`${server.url}/legal-change/999999`);
    await until(() => page.getByRole('heading', { level: 1, name: 'Legal Change Not Found' }).count()).toBe(
      1,
    );
    expect(await page.getByText("The legal change you're looking for doesn't exist.").count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await until(() => new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
    await context.close();
  });
});
