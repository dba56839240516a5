import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { rememberSecret } from '#test/support/log-capture';
import { startSmtpServer, type SmtpCaptureServer } from '#test/support/smtp-server';

// A signed-out visitor's session check answers 401, and a wrong sign-in answers 401: expected.
const EXPECTED = [/401/];

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
const linkIn = (text: string) => /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('accounts in the browser', () => {
  let server: E2eServer;
  let smtp: SmtpCaptureServer;
  let browser: Browser;
  const email = `e2e-${Date.now().toString(36)}@example.test`;
  const firstPassword = rememberSecret(`Lanterns ${Date.now()} over the harbour`);
  const secondPassword = rememberSecret(`Quiet tides ${Date.now()} at Portsoy`);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startE2eServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Lexwatch <alerts@lexwatch.test>' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  async function signIn(page: Page, password: string, keep: boolean) {
    await page.goto(`${server.url}/auth?action=signin`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    if (keep) await page.getByLabel('Stay logged in on this browser for 30 days').check();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page
      .getByRole('button', { name: /^log ?out$/i })
      .first()
      .waitFor();
  }

  it('signs up with an emailed code, signs out and in, and resets the password through the emailed link', async () => {
    const { page, problems, context } = await openPage(browser, 'desktop', { allow: EXPECTED });

    await page.goto(`${server.url}/auth?action=signup`);
    await expectNoAxeViolations(page);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Confirm password').fill(firstPassword);
    await page.getByRole('button', { name: 'Create account' }).click();

    const codeMail = await smtp.waitForMessage((m) => m.to.includes(email), 10_000);
    const code = rememberSecret(codeIn(codeMail.text ?? '')!);
    expect(code).toMatch(/^\d{6}$/);
    expect(codeMail.html).toContain(code);
    await page.getByLabel('Enter 6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify email' }).click();

    // signed in: the member area with a Logout button
    const logout = page.getByRole('button', { name: /^log ?out$/i }).first();
    await logout.waitFor();
    await logout.click();
    await page.waitForURL(`${server.url}/`);
    await page
      .getByRole('link', { name: /log in|sign in/i })
      .first()
      .waitFor();

    await signIn(page, firstPassword, true);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'lw_session');
    expect(session?.httpOnly).toBe(true);
    // kept for 30 days when asked to
    expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
    await page
      .getByRole('button', { name: /^log ?out$/i })
      .first()
      .click();
    await page.waitForURL(`${server.url}/`);
    // the dashboard is at / too: wait until the sign-out has really happened before leaving the page
    await page
      .getByRole('link', { name: /log in|sign in/i })
      .first()
      .waitFor();

    // forgot password → emailed link → new password → sign in with it
    smtp.clear();
    await page.goto(`${server.url}/auth?action=signin`);
    await page
      .getByRole('button', { name: 'Forgot your password?' })
      .or(page.getByRole('link', { name: 'Forgot your password?' }))
      .click();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const resetMail = await smtp.waitForMessage((m) => m.to.includes(email), 10_000);
    const link = linkIn(resetMail.text ?? '')!;
    expect(link).toBeTruthy();
    rememberSecret(new URL(link).searchParams.get('token')!);
    await page.goto(`${server.url}${new URL(link).pathname}${new URL(link).search}`);
    await page.getByLabel('New password', { exact: true }).fill(secondPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(secondPassword);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Reset Successful').waitFor();

    await signIn(page, secondPassword, false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a signed-out visitor of a member page to sign in, keeping the target', async () => {
    const { page, problems, context } = await openPage(browser, 'phone', { allow: EXPECTED });
    await page.goto(`${server.url}/preferences`);
    await page.getByText('You are logged out. Logging in again...', { exact: true }).waitFor();
    await page.waitForURL(/\/auth\?action=signin&redirect=%2Fpreferences/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
