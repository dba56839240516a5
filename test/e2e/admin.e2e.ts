import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncOperations } from '#server/db/schema';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';

// a visitor's session check answers 401; the upstreams cannot be reached from a test, so a sync fails
const EXPECTED = [/401/, /502|503/];
const ADMIN_PASSWORD = rememberSecret('e2e administrator passphrase');
const SLOW = { timeout: 15_000 };
const TABS = [
  'Overview',
  'Users',
  'Database',
  'Search Terms',
  'Notifications',
  'News Cache',
  'Legislation Sync',
  'Monitoring',
  'Data Sync',
  'Phase 2 Testing',
  'Phase 3 Migration',
  'System',
  'Legislation Settings',
  'Administrators',
];

describe('administrator console in the browser', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    // the embedded default: no SMTP_URL, so every email is kept in the outbox
    server = await startE2eServer({ env: { ADMIN_PASSWORD } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function adminPage(viewport: 'desktop' | 'phone') {
    const opened = await openPage(browser, viewport, { allow: EXPECTED });
    opened.page.setDefaultTimeout(15_000);
    await opened.page.goto(`${server.url}/admin`);
    await opened.page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await opened.page.getByRole('button', { name: 'Login' }).click();
    await opened.page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' }).waitFor(SLOW);
    return opened;
  }

  async function openTab(page: Page, viewport: 'desktop' | 'phone', name: string) {
    if (viewport === 'phone') await page.locator('#admin-tab-select').selectOption({ label: name });
    else await page.getByRole('tab', { name, exact: true }).click();
    await page.getByRole('heading', { level: 2 }).first().waitFor(SLOW);
  }

  it('lets a newcomer on the embedded default finish sign-up by reading the code in the outbox viewer', async () => {
    const member = await openPage(browser, 'desktop', { allow: EXPECTED });
    const email = `newcomer-${Date.now().toString(36)}@example.test`;
    const password = rememberSecret(`Harbour lights ${Date.now()} at dusk`);
    await member.page.goto(`${server.url}/auth?action=signup`);
    await member.page.getByLabel('First name').fill('Grace');
    await member.page.getByLabel('Last name').fill('Hopper');
    await member.page.getByLabel('Email address').fill(email);
    await member.page.getByLabel('Password', { exact: true }).fill(password);
    await member.page.getByLabel('Confirm password').fill(password);
    await member.page.getByRole('button', { name: 'Create account' }).click();
    await member.page.getByLabel('Enter 6-digit code').waitFor(SLOW);

    const { page, problems } = await adminPage('desktop');
    await openTab(page, 'desktop', 'Notifications');
    await page.getByLabel('Recipient').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('li[data-outbox-id]').first();
    await row.getByText('kept').waitFor(SLOW);
    await row.getByRole('button', { name: /Open message/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('outbox-recipient').getByText(email).waitFor(SLOW);
    const text = (await dialog.getByTestId('outbox-text').textContent()) ?? '';
    const code = rememberSecret(/\b(\d{6})\b/.exec(text)?.[1] ?? '');
    expect(code).toMatch(/^\d{6}$/);
    // the HTML version is shown in a sandboxed frame: no scripts, no navigation of the console
    expect(await dialog.locator('iframe').getAttribute('sandbox')).toBe('');
    await expectNoAxeViolations(page);

    await member.page.getByLabel('Enter 6-digit code').fill(code);
    await member.page.getByRole('button', { name: 'Verify email' }).click();
    await member.page
      .getByRole('button', { name: /^log ?out$/i })
      .first()
      .waitFor(SLOW);
    expect(problems).toEqual([]);
    expect(member.problems).toEqual([]);
    await member.context.close();
  });

  it('opens the added bills of a sync from Legislation Sync and links each to its timeline', async () => {
    const bill = await buildLegalChange(server.db, { title: 'Harbours (Amendment) Bill' });
    await server.db.insert(syncOperations).values({
      syncType: 'uk-parliament',
      status: 'completed',
      completedAt: new Date(),
      newPrimaryRecords: 2,
      details: {
        detailedTracking: {
          addedRecords: [
            {
              title: bill.title,
              dbId: bill.id,
              billId: '9001',
              currentStage: null,
              currentHouse: null,
              parliamentarySession: null,
              dateAdded: new Date().toISOString(),
              source: 'test',
            },
            {
              title: 'Unmapped Bill',
              dbId: null,
              billId: '9002',
              currentStage: null,
              currentHouse: null,
              parliamentarySession: null,
              dateAdded: new Date().toISOString(),
              source: 'test',
            },
          ],
          updatedRecords: [],
          failedRecords: [],
        },
      },
    });
    const { page, problems } = await adminPage('desktop');
    await openTab(page, 'desktop', 'Legislation Sync');
    await page.getByRole('button', { name: '2', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Added bills' });
    await dialog.getByText('(ID mapping needed)').waitFor(SLOW);
    const link = dialog.getByRole('link', { name: bill.title });
    expect(await link.getAttribute('href')).toBe(`/legal-change/${bill.id}?tab=timeline`);
    await expectNoAxeViolations(page);
    await link.click();
    await page.waitForURL(`${server.url}/legal-change/${bill.id}?tab=timeline`);
    expect(problems).toEqual([]);
  });

  it('disables every Data Sync button while one sync is pending', async () => {
    const { page, problems } = await adminPage('desktop');
    // hold the answer back until the pending state has been seen
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/sync/**', async (route) => {
      await held;
      await route.continue();
    });
    await openTab(page, 'desktop', 'Data Sync');
    const buttons = [
      'Sync UK Parliament Bills',
      'Sync Scottish Parliament',
      'Sync Secondary Legislation',
      'Refresh News Cache',
    ].map((name) => page.getByRole('button', { name }));
    await buttons[3]!.click();
    for (const button of buttons) expect(await button.isDisabled()).toBe(true);
    release();
    await expect.poll(() => buttons[0]!.isDisabled(), { timeout: 10_000 }).toBe(false);
    expect(problems).toEqual([]);
  });

  it('ships no administrator secret in the client bundle', () => {
    const dir = join(process.env.BUILD_DIR ?? 'dist', 'client', 'assets');
    const bundle = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    expect(bundle).not.toContain(ADMIN_PASSWORD);
    expect(bundle.toLowerCase()).not.toContain('x-admin-password');
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows every tab with real data and no accessibility violations (${viewport})`, async () => {
      const { page, problems } = await adminPage(viewport);
      await page.getByRole('status').filter({ hasText: /issue/ }).first().waitFor(SLOW);
      for (const name of TABS) {
        await openTab(page, viewport, name);
        // wait for the tab's data (skeletons gone)
        await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
        await expectNoAxeViolations(page);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
    });
  }
});
