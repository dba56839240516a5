/**
 * A member's page comes with the answers to its screen's first requests (shared/early-answers.ts):
 * the screen opens with its data without asking the network for it again, and from then on asks
 * as always. This holds the server's list of URLs and the screens' own requests together: a
 * screen that changes what it first asks for makes a listed answer go unused, and fails here.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiePreferences } from '#server/db/schema';
import { COOKIE_POLICY_VERSION } from '#shared/cookie-consent';
import { launchBrowser, openPage, runClock, settleAnimations } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { BANNER_DELAY_MS, bannerCodeLoaded } from './cookie-banner-watch';

const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

describe("a member's screens open with the answers their page came with", () => {
  let server: E2eServer;
  let browser: Browser;
  let itemId: number;

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    for (let n = 1; n <= 12; n += 1) {
      const item = await buildLegalChange(server.db, {
        title: `Early Answer Bill ${n}`,
        itemDate: `2026-03-${String(n).padStart(2, '0')}`,
      });
      itemId = item.id;
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A member (their cookie choice saved to their account, none in this browser) and the API requests their page makes. */
  async function memberPage() {
    const member = await buildSignedInUser(server.db);
    await server.db
      .insert(cookiePreferences)
      .values({ userId: member.user.id, policyVersion: COOKIE_POLICY_VERSION });
    const opened = await openPage(browser, 'phone', { cookieConsent: false });
    await opened.context.addCookies([{ name: member.cookie.name, value: member.token, url: server.url }]);
    const requested: string[] = [];
    opened.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/'))
        requested.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    return { ...opened, member, requested };
  }

  /** The URLs a page came with answers to. */
  const answersIn = (html: string) =>
    [...html.matchAll(/data-early-answer="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

  /**
   * Opens the page, once the server answers its screen's requests within the page's wait (a
   * process's first queries are slow), and returns the URLs the page it got was answered for.
   */
  async function open(page: Page, token: string, path: string, expected: string): Promise<string[]> {
    await eventually(async () => {
      const res = await page.request.get(`${server.url}${path}`, {
        headers: { cookie: `lw_session=${token}` },
      });
      return answersIn(await res.text()).includes(expected);
    }).toBe(true);
    const response = await page.goto(`${server.url}${path}`);
    return answersIn((await response?.text()) ?? '');
  }

  it('the dashboard shows its list and figures without asking for them again', async () => {
    const { page, context, problems, member, requested } = await memberPage();
    const list = '/api/legal-changes?page=1&limit=50&legislationType=all&sortBy=date&sortOrder=desc';
    await page.clock.install();
    const answered = await open(page, member.token, '/', list);
    expect(answered).toContain('/api/auth/user');
    expect(answered).toContain(list);
    expect(answered).toContain('/api/user/cookie-preferences');
    await eventually(() => page.getByTestId('legislation-item').count()).toBe(12);
    await eventually(() => page.getByText('Early Answer Bill 12').count()).toBeGreaterThan(0);
    // past the cookie banner's delay: the consent check (answered from the page) found the saved choice
    const bannerCode = bannerCodeLoaded(page);
    await runClock(page, BANNER_DELAY_MS);
    await bannerCode;
    await settleAnimations(page);
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    for (const url of answered) {
      // the bell asks for its notifications again once its live stream is open: once over the network
      const again = url === '/api/notifications/in-app' ? 1 : 0;
      expect(requested.filter((line) => line === `GET ${url}`).length, url).toBeLessThanOrEqual(again);
    }

    // from then on the screen asks as always: following an item shows at once
    await page
      .getByTestId('legislation-item')
      .first()
      .getByRole('button', { name: /follow/i })
      .first()
      .click();
    await eventually(() => requested.some((line) => line.startsWith('POST /api/legal-changes/'))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a legal change's page shows its record and analysis without asking for them again", async () => {
    const { page, context, problems, member, requested } = await memberPage();
    const path = `/legal-change/${itemId}`;
    const overview = `/api/legal-changes/${itemId}/ai-overview?language=en`;
    const answered = await open(page, member.token, path, overview);
    expect(answered).toContain(`/api/legal-changes/${itemId}`);
    expect(answered).toContain(overview);
    await eventually(() =>
      page.getByRole('heading', { level: 1, name: 'Early Answer Bill 12' }).count(),
    ).toBe(1);
    await page.waitForLoadState('networkidle');
    for (const url of answered) {
      const again = url === '/api/notifications/in-app' ? 1 : 0;
      expect(requested.filter((line) => line === `GET ${url}`).length, url).toBeLessThanOrEqual(again);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the member's other screens open without asking again for what their page came with", async () => {
    for (const [path, own] of [
      ['/settings', '/api/auth/sessions'],
      ['/preferences', '/api/user/alert-preferences'],
      ['/subscription', '/api/billing/status'],
      ['/legal-sources', '/api/legal-sources/status'],
    ] as const) {
      const { page, context, problems, member, requested } = await memberPage();
      const answered = await open(page, member.token, path, own);
      expect(answered, path).toContain('/api/auth/user');
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const url of answered) {
        const again = url === '/api/notifications/in-app' ? 1 : 0;
        expect(
          requested.filter((line) => line === `GET ${url}`).length,
          `${path}: ${url}`,
        ).toBeLessThanOrEqual(again);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
