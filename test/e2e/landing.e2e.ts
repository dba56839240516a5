import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';

// A signed-out visitor's first request for the current user answers 401: expected.
const SIGNED_OUT = [/401/];

describe('landing page', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows pricing and sign-in links with no accessibility violations (${viewport})`, async () => {
      const { page, problems, context } = await openPage(browser, viewport, { allow: SIGNED_OUT });
      await page.goto(`${server.url}/?redirect=${encodeURIComponent('/legal-change/5?tab=news')}`);
      // a busy machine can take longer than the default second to fetch and render the screen
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: 15_000 }).toBe(1);
      const signIn = page.getByRole('link', { name: /log in|sign in/i }).first();
      expect(await signIn.getAttribute('href')).toBe(
        `/auth?action=signin&redirect=${encodeURIComponent('/legal-change/5?tab=news')}`,
      );
      const pricing = page.locator('#pricing');
      await expect.poll(() => pricing.textContent()).toMatch(/£15/);
      expect(await pricing.textContent()).toMatch(/£50/);
      expect(await pricing.textContent()).toMatch(/£0/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('shows the not-found screen for an unknown page', async () => {
    // the browser reports the page's own 404 answer as a failed load: expected here
    const { page, problems, context } = await openPage(browser, 'desktop', { allow: [...SIGNED_OUT, /404/] });
    const response = await page.goto(`${server.url}/no/such/page`);
    // a real not-found, for browsers, crawlers and monitors alike
    expect(response?.status()).toBe(404);
    expect((await page.request.get(`${server.url}/legal-change/12`)).status()).toBe(200);
    await expect.poll(() => page.getByText('404 Page Not Found').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
