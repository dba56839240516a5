import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LANGUAGE_CODES } from '#shared/languages';
import { users } from '#server/db/schema';
import {
  expectNoAxeViolations,
  horizontalOverflow,
  launchBrowser,
  openPage,
  type VIEWPORTS,
} from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const thisMonthDay = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`;
const previous = new Date(now.getFullYear(), now.getMonth() - 1, 15);
const previousMonthDay = `${previous.getFullYear()}-${pad(previous.getMonth() + 1)}-15`;

/** A first page load builds and caches chunks: allow it time. */
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

describe('member dashboard', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    // 60 bills, a searchable one, and five statutory instruments (three this month, two last month)
    for (let n = 1; n <= 60; n += 1) {
      await buildLegalChange(server.db, {
        title: `Bill Number ${pad(n)}`,
        description: `${'A long description of the bill that goes on. '.repeat(8)}End ${n}.`,
        itemDate: `2026-0${1 + (n % 9)}-${pad(1 + (n % 27))}`,
      });
    }
    await buildLegalChange(server.db, {
      title: 'Zebra Crossings Bill',
      description: 'Rules for zebra crossings.',
      itemDate: '2025-01-01',
    });
    for (let n = 1; n <= 3; n += 1) {
      await buildLegalChange(server.db, {
        title: `Current Instrument ${n}`,
        category: 'secondary',
        legislationType: 'uksi',
        currentStage: 'Made',
        itemDate: thisMonthDay,
      });
    }
    for (let n = 1; n <= 2; n += 1) {
      await buildLegalChange(server.db, {
        title: `Earlier Instrument ${n}`,
        category: 'secondary',
        legislationType: 'uksi',
        currentStage: 'Made',
        itemDate: previousMonthDay,
      });
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedInPage(viewport: keyof typeof VIEWPORTS) {
    const member = await buildSignedInUser(server.db, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Analytical Ltd',
    });
    const opened = await openPage(browser, viewport);
    await opened.context.addCookies([{ name: member.cookie.name, value: member.token, url: server.url }]);
    return { ...opened, member };
  }

  const items = (page: Page) => page.getByTestId('legislation-item');
  const itemTitles = (page: Page) => items(page).locator('h3').allTextContents();

  async function chooseOption(page: Page, label: string, option: string | RegExp) {
    await page.getByLabel(label, { exact: true }).click();
    await page.getByRole('option', { name: option }).click();
  }

  it('shows the figures, the list in pages of 50 and the side column, with no accessibility violations', async () => {
    const { page, context, problems } = await signedInPage('desktop');
    await page.goto(server.url);
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Dashboard' }).count()).toBe(1);
    await eventually(() => items(page).count()).toBe(50);
    expect(await page.getByText('66 items').count()).toBe(1);
    expect(await page.getByText('Active Trackings').count()).toBeGreaterThan(0);
    expect(await page.getByText('0 require action').count()).toBe(1);
    expect(await page.getByText(/days? left/).count()).toBeGreaterThan(0);
    expect(await page.getByText('Analytical Ltd').count()).toBeGreaterThan(0);
    // descriptions over 300 characters are cut to 180 plus an ellipsis
    await page.screenshot({ path: '/tmp/dashboard-desktop.png' });
    const firstDescription = await items(page)
      .filter({ hasText: 'Bill Number 08' })
      .locator('p')
      .first()
      .textContent();
    expect(firstDescription!.length).toBeGreaterThan(170);
    expect(firstDescription!.length).toBeLessThanOrEqual(181);
    expect(firstDescription?.endsWith('…')).toBe(true);
    await page.screenshot({ path: '/tmp/dashboard-desktop.png' });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await eventually(() => items(page).count()).toBe(16);
    expect(await page.getByText('Page 2 of 2').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // the Upgrade modal
    await page.getByRole('banner').getByRole('button', { name: 'Upgrade' }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.textContent()).toMatch(/£50 per month/);
    expect(await dialog.textContent()).toMatch(/12-month minimum term/);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('filters by type and month, searches, sorts, and keeps view and sort choices after a reload', async () => {
    const { page, context, problems } = await signedInPage('desktop');
    await page.goto(server.url);
    await eventually(() => items(page).count()).toBe(50);

    // sort by title: A-Z first, then the order toggled to Z-A
    await chooseOption(page, 'Sort by', 'Title (A-Z)');
    await eventually(async () => (await itemTitles(page))[0]).toBe('Bill Number 01');
    await page.getByRole('button', { name: /Sort order: Ascending/ }).click();
    await eventually(async () => (await itemTitles(page))[0]).toBe('Zebra Crossings Bill');

    // statutory instruments by month, with the real Show All count
    await chooseOption(page, 'Legislation type', 'Statutory Instruments');
    await eventually(() => items(page).count()).toBe(3);
    await eventually(() => page.getByRole('button', { name: 'Show All (5)' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next month' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await eventually(async () => (await itemTitles(page)).sort()).toEqual([
      'Earlier Instrument 1',
      'Earlier Instrument 2',
    ]);
    await page.getByRole('button', { name: 'Show All (5)' }).click();
    await eventually(() => items(page).count()).toBe(5);
    await page.screenshot({ path: '/tmp/dashboard-secondary.png', fullPage: true });

    // a blank search is not applied; a real one uses full-text search with marked matches
    await chooseOption(page, 'Legislation type', 'All Types');
    await page.getByLabel('Search titles').fill('   ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await eventually(() => items(page).count()).toBe(50);
    await page.getByLabel('Search titles').fill('zebra');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await eventually(() => items(page).count()).toBe(1);
    expect(await items(page).locator('mark').first().textContent()).toMatch(/zebra/i);
    await expectNoAxeViolations(page);

    await page.reload();
    await eventually(() => items(page).count()).toBe(50);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('dashboard-view-mode'),
        localStorage.getItem('dashboard-sort-field'),
        localStorage.getItem('dashboard-sort-order'),
      ]),
    ).toEqual(['all', 'title', 'desc']);
    expect(await page.getByLabel('Sort by', { exact: true }).textContent()).toMatch(/Title \(A-Z\)/);
    await eventually(async () => (await itemTitles(page))[0]).toBe('Zebra Crossings Bill');

    // changing the sort field resets the order: dates newest first
    await chooseOption(page, 'Sort by', 'Date');
    await eventually(() => page.evaluate(() => localStorage.getItem('dashboard-sort-order'))).toBe('desc');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('follows an item, then shows it under View Following and in the Active Trackings dialog; dismisses another', async () => {
    const { page, context, problems } = await signedInPage('desktop');
    await page.goto(server.url);
    await chooseOption(page, 'Sort by', 'Title (A-Z)');
    await eventually(async () => (await itemTitles(page))[0]).toBe('Bill Number 01');

    await page.getByRole('button', { name: 'Follow Bill Number 01' }).click();
    const following = page.getByRole('button', { name: 'Following', exact: true });
    await eventually(() => following.count()).toBe(1);
    expect(await following.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Dismiss Bill Number 02' }).click();
    const dismissed = page.getByRole('button', { name: 'Dismissed' });
    await eventually(() => dismissed.count()).toBe(1);
    expect(await dismissed.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: /^Active Trackings\s*1/ }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByRole('link', { name: /Bill Number 01/ }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: /Bill Number 01/ }).getAttribute('href')).toMatch(
      /^\/legal-change\/\d+$/,
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'View Following' }).click();
    await eventually(() => itemTitles(page)).toEqual(['Bill Number 01']);
    await page.reload();
    await eventually(() => itemTitles(page)).toEqual(['Bill Number 01']);
    expect(await page.getByRole('button', { name: 'View Following' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // unfollowing empties the list and offers the way back
    await page.getByRole('button', { name: 'Following', exact: true }).click();
    await eventually(() => page.getByText('You are not following any legislation yet.').count()).toBe(1);
    await page.getByRole('button', { name: 'Back to all items' }).click();
    await eventually(() => items(page).count()).toBe(50);

    // no active search terms: the empty state links to Alert Preferences
    await page.getByRole('button', { name: 'View by Search Terms' }).click();
    await eventually(() =>
      page.getByRole('link', { name: 'Add search terms in Alert Preferences' }).getAttribute('href'),
    ).toBe('/preferences');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone in every language the member can choose', async () => {
    const { page, context, member, problems } = await signedInPage('phone');
    const wide: string[] = [];
    for (const language of LANGUAGE_CODES) {
      await server.db.update(users).set({ language }).where(eq(users.id, member.user.id));
      await page.goto(server.url);
      await page.waitForFunction((code) => document.documentElement.lang === code, language);
      await eventually(() => items(page).count()).toBe(50);
      const { px, culprits } = await horizontalOverflow(page);
      if (px > 0) wide.push(`${language}: ${px} px too wide (${culprits.join(', ')})`);
    }
    expect(wide).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone screen with the side column below the list', async () => {
    const { page, context, problems } = await signedInPage('phone');
    await page.goto(server.url);
    await eventually(() => items(page).count()).toBe(50);
    const list = await page.getByRole('region', { name: 'Legislation in Progress' }).boundingBox();
    const deadlines = await page.getByRole('heading', { name: 'Upcoming Deadlines' }).boundingBox();
    expect(deadlines!.y).toBeGreaterThan(list!.y + list!.height - 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/dashboard-phone.png' });
    await expectNoAxeViolations(page);
    // on a phone the Free Trial card offers Upgrade
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await eventually(() => page.getByRole('dialog').textContent()).toMatch(/£50 per month/);
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
    // the narrowest supported phone
    await page.setViewportSize({ width: 320, height: 700 });
    const narrowOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(narrowOverflow).toBeLessThanOrEqual(0);
    await page.getByRole('heading', { name: 'Legislation in Progress' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/dashboard-320-list.png' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
