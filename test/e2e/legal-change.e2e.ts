import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amendments, documents, timelineEvents } from '#server/db/schema';
import type { AnalysisProvider } from '#server/providers/analysis';
import { analysisNotConfigured } from '#server/providers/analysis/errors';
import { officialRecordsProvider } from '#server/providers/analysis/official-records';
import type { NewsProvider } from '#server/providers/news/types';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';

const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#1e3a8a"/></svg>')}`;
const LONG_TEXT =
  'Page 3, line 12, leave out from "the Secretary of State" to the end of line 20 and insert "a person appointed by the Secretary of State who has relevant expertise in the regulation of consumer credit and who is independent of any lender", and make consequential changes throughout the Bill so that every reference is read accordingly.';

/** Items with this word in the title meet a refused AI key and a failing news search. */
const UNCONFIGURED = 'Unconfigured';

const analysis: AnalysisProvider = {
  ...officialRecordsProvider,
  analyse: async (record, today, lang) => {
    if (record.item.title.includes(UNCONFIGURED)) throw analysisNotConfigured();
    return officialRecordsProvider.analyse(record, today, lang);
  },
};

/** A news source answering one article that names the bill. */
function fakeNews(title: string): NewsProvider {
  return {
    name: 'fake',
    label: 'Fake news search',
    appliesTo: () => true,
    search: async (item) => {
      if (item.title.includes(UNCONFIGURED)) throw new Error('search service down');
      return [
        {
          url: 'https://www.gov.uk/government/news/consumer-credit-update',
          title: `${title}: government publishes update`,
          summary: `The government has published an update on the ${title}.`,
          source: 'GOV.UK',
          publishedDate: new Date('2026-10-05T09:00:00Z'),
          favicon: FAVICON,
          provider: 'fake',
          official: true,
        },
      ];
    },
  };
}

/** Screens load their chunk and data first: wait up to 15 s. */
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const BILL_TITLE = 'Consumer Credit Reform Bill';

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
    const item = await buildLegalChange(server.db, {
      title: BILL_TITLE,
      longTitle: 'A Bill to make provision about consumer credit agreements and their regulation.',
      currentStage: 'Committee stage',
      currentHouse: 'Commons',
      parliamentarySession: '2026-27',
      officialUrl: 'https://bills.parliament.uk/bills/9999',
      proposedDate: '2026-09-01',
      consultationStartDate: '2026-09-10',
      consultationEndDate: '2026-10-20',
    });
    itemId = item.id;
    await server.db.insert(timelineEvents).values([
      {
        legalChangeId: itemId,
        upstreamId: 'e1',
        title: '1st reading in the House of Commons',
        description: 'First reading took place.',
        eventDate: '2026-09-01',
        eventType: 'proposed',
        house: 'Commons',
        sourceUrl: 'https://bills.parliament.uk/bills/9999/stages',
        sourceName: 'UK Parliament',
      },
      {
        legalChangeId: itemId,
        upstreamId: 'e2',
        title: '2nd reading in the House of Commons',
        description: 'Second reading debate.',
        eventDate: '2026-09-15',
        eventType: 'consultation_started',
        house: 'Commons',
        sourceUrl: null,
        sourceName: null,
      },
      {
        legalChangeId: itemId,
        upstreamId: 'e3',
        title: 'Committee stage in the House of Commons',
        description: 'Line by line scrutiny.',
        eventDate: '2026-10-01',
        eventType: 'amended',
        house: 'Commons',
        sourceUrl: null,
        sourceName: null,
      },
      {
        legalChangeId: itemId,
        upstreamId: 'e4',
        title: 'Royal Assent',
        description: null,
        eventDate: null,
        eventType: 'other',
        house: null,
        sourceUrl: null,
        sourceName: null,
      },
    ]);
    await server.db.insert(amendments).values([
      {
        legalChangeId: itemId,
        upstreamId: 'a1',
        amendmentNumber: '12',
        status: 'Agreed',
        amendmentType: 'EditLongTitle',
        house: 'Commons',
        leadSponsor: 'Jane Smith',
        leadSponsorParty: 'Labour',
        clause: 'Clause 3',
        amendmentText: LONG_TEXT,
        explanatoryText: 'This amendment makes the appointment independent.',
        stageName: 'Committee stage',
        stageDate: '2026-10-01',
        stageDateFrom: '2026-09-28',
        datePublished: '2026-09-27',
        officialUrl: 'https://bills.parliament.uk/bills/9999/amendments/12',
      },
      {
        legalChangeId: itemId,
        upstreamId: 'a2',
        amendmentNumber: '13',
        status: 'Withdrawn',
        amendmentType: 'Insert',
        house: 'Commons',
        leadSponsor: 'John Doe',
        leadSponsorParty: 'Conservative',
        clause: 'Clause 4',
        amendmentText: 'Leave out clause 4.',
        explanatoryText: null,
        stageName: 'Committee stage',
        stageDate: '2026-10-01',
        stageDateFrom: null,
        datePublished: null,
        officialUrl: null,
      },
    ]);
    await server.db.insert(documents).values([
      {
        legalChangeId: itemId,
        upstreamId: 'd1',
        title: 'Bill as introduced',
        documentType: 'bill',
        fileFormat: 'PDF',
        fileSize: 345_678,
        publishedDate: '2026-09-01',
        description: 'The text of the bill as first printed.',
        fileUrl: 'https://bills.parliament.uk/publications/1/documents/1',
        downloadUrl: 'https://bills.parliament.uk/publications/1/documents/1/pdf',
      },
      {
        legalChangeId: itemId,
        upstreamId: 'd2',
        title: 'Impact assessment',
        documentType: 'impact_assessment',
        fileFormat: 'HTML',
        fileSize: null,
        publishedDate: null,
        description: null,
        fileUrl: 'https://www.gov.uk/ia',
        downloadUrl: null,
      },
    ]);
    const empty = await buildLegalChange(server.db, {
      title: 'Quiet Statutory Instrument',
      legislationType: 'uksi',
      category: 'secondary',
      jurisdictionId: 1,
      currentStage: null,
      officialUrl: null,
    });
    emptyItemId = empty.id;
    failingItemId = (
      await buildLegalChange(server.db, {
        title: `${UNCONFIGURED} Scottish Bill`,
        legislationType: 'scottish_parliament_bill',
        jurisdictionId: 2,
        scottishBillReference: 'SP Bill 42',
        shortName: 'Water Bill',
        thirdPartyOrganisation: 'Scottish Water',
      })
    ).id;
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
      expect(
        await page.getByRole('link', { name: /View on UK Parliament Website/ }).getAttribute('href'),
      ).toBe('https://bills.parliament.uk/bills/9999');
      // Latest News & Updates: three newest events
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
      await until(() => page.getByRole('heading', { name: 'Parliamentary Journey' }).count()).toBe(1);
      const journey = page.locator('ol').last();
      expect(await journey.locator('li').count()).toBe(4);
      expect(await journey.innerText()).toMatch(/Date to be confirmed/);
      expect(await journey.innerText()).toMatch(/Final Stages/);
      expect(await page.getByRole('button', { name: 'Load Parliamentary Timeline' }).count()).toBe(0);
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
      await page.waitForTimeout(100);
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
    // the timeline is requested from Parliament automatically; this item has none to give
    const { page, context } = await signedInPage('phone', [/status of 4\d\d|status of 5\d\d/]);
    await page.goto(`${server.url}/legal-change/${emptyItemId}?tab=amendments`);
    await until(() => page.getByText('No amendments available for this bill yet.').count()).toBe(1);
    await selectTab(page, 'Documents', 'documents');
    await until(() => page.getByText('No documents available for this legal change yet.').count()).toBe(1);
    await selectTab(page, 'Timeline', 'timeline');
    await until(() => page.getByText('No timeline data available').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Load Parliamentary Timeline' }).count()).toBe(1);
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
    expect(await page.getByText('No Recent News Found').count()).toBe(1);
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
