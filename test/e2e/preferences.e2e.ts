import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertPreferences, searchTerms } from '#server/db/schema';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildSignedInUser } from '#test/support/factories';

/** First loads of a screen (and its lazy chunk) can take a few seconds on a cold server. */
const SLOW = { timeout: 10_000 };
// a duplicate term answers 409 and a wrong phone code 400/422: the browser logs the failed request
const EXPECTED = [/409|400|422|429/];

describe('alert preferences', () => {
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

  async function signedInPage(viewport: 'desktop' | 'phone') {
    const member = await buildSignedInUser(server.db, { firstName: 'Ada' });
    const opened = await openPage(browser, viewport, { allow: EXPECTED });
    await opened.context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    opened.page.setDefaultTimeout(15_000);
    return { ...opened, member };
  }

  const termRow = (page: Page, term: string) => page.locator(`li[data-search-term="${term}"]`);

  it('adds, toggles and removes a search term, changes frequency and alert types and saves (desktop)', async () => {
    const { page, problems, context, member } = await signedInPage('desktop');
    await page.goto(`${server.url}/preferences`);
    await page.getByRole('heading', { level: 1, name: 'Alert Preferences' }).waitFor(SLOW);
    await page.getByRole('button', { name: 'Save Preferences' }).waitFor(SLOW);

    // blank after trimming: nothing is sent
    await page.getByLabel('New search term').fill('   ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await page.getByText('Enter a search term').count()).toBe(1);

    await page.getByLabel('New search term').fill('  data   protection ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await termRow(page, 'data protection').waitFor(SLOW);
    expect(await page.getByLabel('New search term').inputValue()).toBe('');

    // the same term again: the server refuses and a toast says so
    await page.getByLabel('New search term').fill('Data Protection');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Error adding search term').first().waitFor(SLOW);

    const toggle = page.getByRole('switch', { name: 'Active: data protection' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect
      .poll(
        async () =>
          (await server.db.select().from(searchTerms).where(eq(searchTerms.userId, member.user.id)))[0]
            ?.isActive,
        SLOW,
      )
      .toBe(false);

    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/np-preferences-desktop.png', fullPage: true });

    await page.getByRole('button', { name: 'Remove data protection' }).click();
    await expect.poll(() => termRow(page, 'data protection').count(), SLOW).toBe(0);
    expect(await page.getByText('You have no search terms yet.').count()).toBe(1);
    expect(
      await server.db.select().from(searchTerms).where(eq(searchTerms.userId, member.user.id)),
    ).toHaveLength(0);

    // SMS needs a verified phone
    expect(await page.getByRole('switch', { name: 'SMS alerts' }).isDisabled()).toBe(true);

    await page.getByRole('radio', { name: /Weekly/ }).check();
    await page.getByRole('switch', { name: 'Deadlines' }).click();
    await page.getByRole('switch', { name: 'Email alerts' }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Preferences saved').first().waitFor(SLOW);
    const [stored] = await server.db
      .select()
      .from(alertPreferences)
      .where(eq(alertPreferences.userId, member.user.id));
    expect(stored?.alertFrequency).toBe('weekly');
    expect(stored?.deadlineAlerts).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'Save Preferences' }).waitFor(SLOW);
    expect(await page.getByRole('radio', { name: /Weekly/ }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Deadlines' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Email alerts' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a phone code for a new number and reports a wrong code; shows the unsubscribed message (phone)', async () => {
    const { page, problems, context } = await signedInPage('phone');
    await page.goto(`${server.url}/preferences?unsubscribed=1`);
    await page.getByText('You have been unsubscribed from email alerts').waitFor(SLOW);
    await page.getByRole('button', { name: 'Save Preferences' }).waitFor(SLOW);

    // empty number: nothing is sent
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Please enter a valid phone number.').first().waitFor(SLOW);

    // a reserved drama number is refused by the server
    await page.getByLabel(/^Phone number/).fill('07700 900123');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Error sending verification').first().waitFor(SLOW);

    await page.getByLabel(/^Phone number/).fill('07911 123456');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const codeBox = page.getByLabel('Verification code');
    await codeBox.waitFor(SLOW);
    await codeBox.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Verification Failed').first().waitFor(SLOW);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/np-preferences-phone.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
