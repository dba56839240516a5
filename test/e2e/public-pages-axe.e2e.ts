import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';

// A signed-out visitor's session check answers 401, and the browser reports a page's own 404: expected.
const EXPECTED = [/401/, /404/];

/** Every page a visitor can open without an account, and the heading it shows once running. */
const PUBLIC_PAGES = [
  { path: '/', heading: 'Know about legal change before it affects your business' },
  { path: '/auth', heading: 'Sign in to Lexwatch' },
  { path: '/auth?action=signup', heading: 'Create your Lexwatch account' },
  { path: '/auth?action=signin&view=forgot', heading: 'Reset your password' },
  { path: '/reset-password?token=from-the-email', heading: 'Choose a new password' },
  { path: '/reset-password', heading: 'Invalid Reset Link' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/cookies', heading: 'Cookie Policy' },
  { path: '/no/such/page', heading: '404 Page Not Found' },
] as const;

describe('public pages for assistive technology', () => {
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
    it(`have no axe violations (WCAG 2.2 AA), with the page running (${viewport})`, async () => {
      const { page, problems, context } = await openPage(browser, viewport, { allow: EXPECTED });
      for (const { path, heading } of PUBLIC_PAGES) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // the page's script has taken over its HTML
        await expect
          .poll(() =>
            page.evaluate(() =>
              Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__react')),
            ),
          )
          .toBe(true);
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
