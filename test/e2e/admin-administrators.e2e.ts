/**
 * Named administrators in the browser: the owner invites from the Administrators tab, the invitee
 * opens the emailed link, sets a password, enrols the second factor (code computed here by an
 * independent RFC 6238 implementation), sees the recovery codes once, and signs in with email,
 * password and code; the audit log names them.
 */
import { createHmac } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { rememberSecret } from '#test/support/log-capture';

const EXPECTED = [/401/];
const ADMIN_PASSWORD = rememberSecret('e2e owner passphrase for administrators');
const SLOW = { timeout: 15_000 };

function totpCode(base32: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...base32].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('named administrators in the browser', () => {
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

  const dashboard = (page: Page) =>
    page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' }).waitFor(SLOW);

  it('invites, accepts, enrols TOTP, shows recovery codes once and signs in with a code', async () => {
    const email = `deputy-${Date.now().toString(36)}@example.test`;
    const owner = await openPage(browser, 'desktop', { allow: EXPECTED });
    owner.page.setDefaultTimeout(15_000);
    await owner.page.goto(`${server.url}/admin?tab=administrators`);
    await owner.page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await owner.page.getByRole('button', { name: 'Login' }).click();
    await dashboard(owner.page);
    await owner.page.getByText('Owner (built-in)').waitFor(SLOW);
    await owner.page.getByLabel('Email address').fill(email);
    await owner.page.getByRole('button', { name: 'Send invitation' }).click();
    await owner.page.getByText(email).first().waitFor(SLOW);
    await owner.page.getByText('Invited', { exact: true }).waitFor(SLOW);
    await expectNoAxeViolations(owner.page);

    const [mail] = await server.db
      .select({ body: outbox.bodyText })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'admin_invite')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const link = rememberSecret(/https?:\/\/\S+accept-invite\?token=[A-Za-z0-9_-]+/.exec(mail!.body)![0]);
    const path = new URL(link).pathname + new URL(link).search;

    // the reload below spends the link a second time: its 404 is expected
    const invitee = await openPage(browser, 'phone', { allow: [...EXPECTED, /404/] });
    invitee.page.setDefaultTimeout(15_000);
    const { page } = invitee;
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1, name: 'Become an administrator' }).waitFor(SLOW);
    const password = rememberSecret(`Copper kettles ${Date.now()} whistle`);
    await page.getByLabel('New password').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set up your second factor' }).waitFor(SLOW);
    // reloaded while enrolling: the spent link still leads this browser's session on
    await page.reload();
    await page.getByLabel('New password').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set up your second factor' }).waitFor(SLOW);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor(SLOW);
    const secret = rememberSecret((await page.locator('dd').first().innerText()).trim());
    await expectNoAxeViolations(page);
    await page.getByLabel('Six-digit code').fill(totpCode(secret, Date.now()));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }).waitFor(SLOW);
    const codes = await page.locator('ul[dir="ltr"] li').allInnerTexts();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'Go to the console' }).click();
    await dashboard(page);

    // a fresh browser signs in with email, password and the next code
    const again = await openPage(browser, 'desktop', { allow: EXPECTED });
    again.page.setDefaultTimeout(15_000);
    await again.page.goto(`${server.url}/admin?tab=administrators`);
    await again.page.getByLabel('Email').first().fill(email);
    await again.page.getByLabel('Password').fill(password);
    await again.page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
    await again.page.getByRole('button', { name: 'Login' }).click();
    await dashboard(again.page);
    await again.page.getByText('Only the owner can invite or remove administrators.').waitFor(SLOW);

    // the owner's audit log names who accepted the invite
    await owner.page.goto(`${server.url}/admin?tab=users`);
    await owner.page.getByText(`By ${email}`).first().waitFor(SLOW);
    expect([...owner.problems, ...invitee.problems, ...again.problems]).toEqual([]);
  });
});
