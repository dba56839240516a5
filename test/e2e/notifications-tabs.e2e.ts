import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, preRecordConsent, VIEWPORTS } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildNotification, buildSignedInUser } from '#test/support/factories';

const TABS = 8;
/** First loads of a screen (and its lazy chunk) can take a few seconds on a cold server. */
const SLOW = { timeout: 15_000 };

describe('notifications in many tabs of one browser', () => {
  let server: E2eServer;
  let browser: Browser;
  let legislationId: number;

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    legislationId = (await buildLegalChange(server.db, { title: 'Online Safety (Amendment) Bill' })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const notify = (userId: number, title: string) =>
    buildNotification(server, userId, { title, legislationId });

  const bell = (page: Page) => page.locator('header button[aria-label^="Notifications,"]');
  const unreadLabel = (page: Page) => bell(page).getAttribute('aria-label');

  /** Every request of the browser context to the stream and to the polled list, with the tab that made it. */
  function watchRequests(context: BrowserContext) {
    const streams: Page[] = [];
    const listReads: Page[] = [];
    context.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/notifications/stream') streams.push(request.frame().page());
      if (path === '/api/notifications/in-app') listReads.push(request.frame().page());
    });
    return { streams, listReads };
  }

  it(`${TABS} tabs share one stream; each shows a new notification; when the leader tab closes another takes over`, async () => {
    const member = await buildSignedInUser(server.db, { firstName: 'Tabitha' });
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await preRecordConsent(context);
    await context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    const requests = watchRequests(context);
    const problems: string[] = [];
    const pages: Page[] = [];
    for (let i = 0; i < TABS; i += 1) {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`tab ${i}: console.error: ${msg.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`tab ${i}: page error: ${error.message}`));
      await page.goto(`${server.url}/preferences`);
      pages.push(page);
    }
    for (const page of pages)
      await expect.poll(() => unreadLabel(page), SLOW).toBe('Notifications, 0 unread');
    await expect.poll(() => requests.streams.length, SLOW).toBe(1);
    // long enough for a second stream or a poll (every 3 s) to show up if any tab made one
    await pages[0]!.waitForTimeout(3500);
    expect(requests.streams).toHaveLength(1);
    const leader = requests.streams[0]!;
    expect(pages).toContain(leader);

    const readsBefore = requests.listReads.length;
    await notify(member.user.id, 'Reached every tab');
    for (const page of pages)
      await expect
        .poll(() => unreadLabel(page), { timeout: 8000, interval: 100 })
        .toBe('Notifications, 1 unread');
    // delivered over the one stream and relayed between tabs: no tab read the list from the server
    expect(requests.listReads.length).toBe(readsBefore);
    expect(requests.streams).toHaveLength(1);

    const follower = pages.find((p) => p !== leader)!;
    await bell(follower).click();
    const dialog = follower.getByRole('dialog', { name: 'Notifications' });
    await dialog.waitFor();
    expect(
      await dialog.locator('[data-notification-id]').filter({ hasText: 'Reached every tab' }).count(),
    ).toBe(1);
    await follower.keyboard.press('Escape');

    // the leader tab closes: another tab takes the lock and opens the stream
    await leader.close();
    const rest = pages.filter((p) => p !== leader);
    await expect.poll(() => requests.streams.length, SLOW).toBe(2);
    const next = requests.streams[1]!;
    expect(rest).toContain(next);
    await notify(member.user.id, 'After the hand-over');
    for (const page of rest)
      await expect
        .poll(() => unreadLabel(page), { timeout: 8000, interval: 100 })
        .toBe('Notifications, 2 unread');
    await rest[0]!.waitForTimeout(1000);
    expect(requests.streams).toHaveLength(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('falls back to polling the list every 3 s in each tab when the stream cannot open', async () => {
    const member = await buildSignedInUser(server.db, { firstName: 'Polly' });
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await preRecordConsent(context);
    await context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    // a proxy that refuses event streams
    await context.route('**/api/notifications/stream', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
    );
    const requests = watchRequests(context);
    const problems: string[] = [];
    const pages: Page[] = [];
    for (let i = 0; i < 2; i += 1) {
      const page = await context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !/status of 503/.test(msg.text()))
          problems.push(`tab ${i}: console.error: ${msg.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`tab ${i}: page error: ${error.message}`));
      await page.goto(`${server.url}/preferences`);
      pages.push(page);
    }
    for (const page of pages)
      await expect.poll(() => unreadLabel(page), SLOW).toBe('Notifications, 0 unread');
    await expect.poll(() => requests.streams.length, SLOW).toBeGreaterThanOrEqual(1);

    const readsBefore = requests.listReads.length;
    await pages[0]!.waitForTimeout(6500);
    // each tab polls (about twice in 6.5 s); the refused stream is retried with back-off, not in a loop
    for (const page of pages)
      expect(requests.listReads.slice(readsBefore).filter((p) => p === page).length).toBeGreaterThanOrEqual(
        2,
      );
    expect(requests.streams.length).toBeLessThanOrEqual(3);

    await notify(member.user.id, 'Found by polling');
    for (const page of pages)
      await expect
        .poll(() => unreadLabel(page), { timeout: 4500, interval: 100 })
        .toBe('Notifications, 1 unread');
    expect(problems).toEqual([]);
    await context.close();
  });
});
