import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildSignedInUser } from '#test/support/factories';

const SLOW = { timeout: 15_000 };
const EXPECTED = [/401/];

describe('plans and payments in the browser (embedded test mode)', () => {
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

  async function signedIn(viewport: 'desktop' | 'phone') {
    const member = await buildSignedInUser(server.db, { firstName: 'Ada' });
    const opened = await openPage(browser, viewport, { allow: EXPECTED });
    await opened.context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    opened.page.setDefaultTimeout(15_000);
    return { ...opened, member };
  }

  it('goes from /upgrade through the test-mode checkout to Payment Successful, and the plan is Premium', async () => {
    const { page, problems, context } = await signedIn('desktop');
    await page.goto(`${server.url}/upgrade`);
    await page.getByRole('heading', { level: 2, name: 'Premium' }).waitFor(SLOW);
    await page.getByText('Current plan').first().waitFor(SLOW);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/upgrade-desktop.png', fullPage: true });
    await page.getByRole('link', { name: 'Choose Premium' }).click();

    await page.waitForURL(/\/subscribe\?tier=premium&interval=month/);
    const pay = page.getByRole('button', { name: 'Subscribe to Premium - £50/month' });
    await pay.waitFor(SLOW);
    await page.getByText('Test mode: no money moves').waitFor(SLOW);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/subscribe-desktop.png', fullPage: true });
    await pay.click();

    await page.waitForURL(`${server.url}/`);
    await page.getByText('Payment Successful').first().waitFor(SLOW);
    const me = await (await page.request.get(`${server.url}/api/auth/user`)).json();
    expect(me).toMatchObject({ subscriptionTier: 'premium', subscriptionStatus: 'active' });

    await page.goto(`${server.url}/subscription`);
    await page.getByRole('heading', { level: 2, name: 'Your plan' }).waitFor(SLOW);
    await page.getByText(/test mode, no money taken/).waitFor(SLOW);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits the three screens on a phone with no accessibility violations; Basic is offered yearly at £120', async () => {
    const { page, problems, context } = await signedIn('phone');
    await page.goto(`${server.url}/upgrade`);
    await page.getByRole('heading', { level: 2, name: 'Premium' }).waitFor(SLOW);
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: /Yearly/ }).click();
    await page.getByRole('link', { name: 'Choose Basic' }).click();
    await page.getByRole('button', { name: 'Subscribe to Basic - £120/year' }).waitFor(SLOW);
    await expectNoAxeViolations(page);
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto(`${server.url}/subscription`);
    await page.getByRole('heading', { level: 2, name: 'Jurisdictions and law areas' }).waitFor(SLOW);
    await page.getByRole('region', { name: 'Jurisdictions and law areas' }).waitFor(SLOW);
    await expectNoAxeViolations(page);
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/subscription-phone.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
