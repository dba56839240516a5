import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legislationTypes, userActions, users } from '#server/db/schema';
import { LANGUAGE_CODES } from '#shared/languages';
import { expectNoAxeViolations, horizontalOverflow, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';

const SLOW = { timeout: 15_000 };
// the sync button reaches upstreams that a test cannot reach
const EXPECTED = [/401|502|503/];
const ADMIN_PASSWORD = rememberSecret('settings e2e admin passphrase');

describe('settings in the browser', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startE2eServer({ env: { ADMIN_PASSWORD } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedIn(viewport: 'desktop' | 'phone') {
    const member = await buildSignedInUser(server.db, { firstName: 'Ada', lastName: 'Lovelace' });
    const opened = await openPage(browser, viewport, { allow: EXPECTED });
    await opened.context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    opened.page.setDefaultTimeout(15_000);
    return { ...opened, member };
  }

  it('switching off a type the member follows asks first, dismisses those follows and removes the type from the list', async () => {
    const tag = `Wharfage${Date.now()}`;
    const acts = [
      await buildLegalChange(server.db, {
        title: `${tag} Act 2026`,
        legislationType: 'ukpga',
        source: 'legislation_gov_uk',
        itemDate: '2099-01-02',
      }),
      await buildLegalChange(server.db, {
        title: `${tag} (Amendment) Act 2026`,
        legislationType: 'ukpga',
        source: 'legislation_gov_uk',
        itemDate: '2099-01-01',
      }),
    ];
    const { page, problems, member, context } = await signedIn('desktop');
    await server.db
      .insert(userActions)
      .values(
        acts.map((a) => ({ userId: member.user.id, legalChangeId: a.id, action: 'followed' as const })),
      );

    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { level: 2, name: 'Preferences' }).waitFor(SLOW);
    await page.getByText('You follow 2 items').waitFor(SLOW);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/settings-desktop.png', fullPage: true });

    await page.getByRole('switch', { name: /UK Public General Acts/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Deselect Legislation Type?' });
    await dialog.waitFor(SLOW);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(
        () => page.getByRole('switch', { name: /UK Public General Acts/ }).getAttribute('aria-checked'),
        SLOW,
      )
      .toBe('false');

    const rows = await server.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.userId, member.user.id)));
    expect(rows.map((r) => r.action)).toEqual(['dismissed', 'dismissed']);

    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor(SLOW);
    const list = await page.request.get(`${server.url}/api/legal-changes?limit=50&includeDismissed=true`);
    expect(
      (await list.json()).data.some((d: { legislationType: string }) => d.legislationType === 'ukpga'),
    ).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('saves the profile and the display language, and fits a phone with no accessibility violations', async () => {
    const { page, problems, member, context } = await signedIn('phone');
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { level: 2, name: 'Profile' }).waitFor(SLOW);
    await page.getByLabel('Company').fill('Harbour Board');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').first().waitFor(SLOW);

    await page.getByRole('button', { name: 'Change language' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Language' });
    await dialog.getByLabel('Display Language').selectOption('de');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden', ...SLOW });
    await expect
      .poll(
        async () => (await page.request.get(`${server.url}/api/auth/user`)).json().then((u) => u.language),
        SLOW,
      )
      .toBe('de');
    const me = await (await page.request.get(`${server.url}/api/auth/user`)).json();
    expect(me).toMatchObject({ companyName: 'Harbour Board', email: member.user.email });

    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/settings-phone.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone in every language the member can choose', async () => {
    const { page, problems, member, context } = await signedIn('phone');
    const wide: string[] = [];
    for (const language of LANGUAGE_CODES) {
      await server.db.update(users).set({ language }).where(eq(users.id, member.user.id));
      await page.goto(`${server.url}/settings`);
      // the account's language wins on load; the page is done once its cards are there in it
      await page.waitForFunction(
        (code) => document.documentElement.lang === code && document.querySelectorAll('main h2').length >= 4,
        language,
        SLOW,
      );
      const { px, culprits } = await horizontalOverflow(page);
      if (px > 0) wide.push(`${language}: ${px} px too wide (${culprits.join(', ')})`);
    }
    expect(wide).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a type the administrator switched off as unavailable, and it leaves the member’s list', async () => {
    const item = await buildLegalChange(server.db, {
      title: `Local Harbour Act ${Date.now()}`,
      legislationType: 'ukla',
      source: 'legislation_gov_uk',
    });
    const { page, problems, context } = await signedIn('desktop');

    // the administrator switches UK Local Acts off in Legislation Settings
    const admin = await openPage(browser, 'desktop', { allow: EXPECTED });
    await admin.page.goto(`${server.url}/admin?tab=legislation-settings`);
    await admin.page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await admin.page.getByRole('button', { name: 'Login' }).click();
    await admin.page.getByRole('checkbox', { name: 'UK Local Acts' }).click(SLOW);
    await admin.page.getByRole('button', { name: 'Save Settings' }).click();
    await admin.page.getByText('Settings saved').first().waitFor(SLOW);
    await admin.context.close();

    await expect
      .poll(async () => {
        const res = await page.request.get(`${server.url}/api/legal-changes?limit=50`);
        return (await res.json()).data.some((d: { id: number }) => d.id === item.id);
      }, SLOW)
      .toBe(false);
    await page.goto(`${server.url}/settings`);
    const local = page.getByRole('switch', { name: /UK Local Acts/ });
    await local.waitFor(SLOW);
    expect(await local.isDisabled()).toBe(true);
    await page.getByText('Not available at the moment').waitFor(SLOW);
    expect(problems).toEqual([]);
    await server.db.update(legislationTypes).set({ globallyAvailable: true });
    await context.close();
  });
});
