import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';

// A signed-out visitor's session check answers 401, and so does a wrong sign-in: expected.
const EXPECTED = [/401/];

/**
 * The account forms check their fields before anything is sent (the same rules as the server,
 * test/unit/auth/form-rules.test.ts) and show the server's own message when it refuses.
 */
describe('sign-in and sign-up forms', () => {
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

  it('list what is missing above the form, send nothing until it is put right, then show the server’s answer', async () => {
    const { page, problems, context } = await openPage(browser, 'phone', { allow: EXPECTED });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
    });
    // the page paints before its script runs; until then the button sends nothing (the browser
    // would send the fields itself, the password in the address)
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/auth`, { waitUntil: 'commit' });
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await signIn.waitFor();
    expect(await signIn.getAttribute('type')).toBe('button');
    expect(await page.locator('form').getAttribute('method')).toBe('post');
    release();
    await expect.poll(() => signIn.getAttribute('type'), { timeout: 15_000 }).toBe('submit');
    await signIn.click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'Enter your email address',
      'Enter your password',
    ]);
    // focus goes to the summary, and the title says there is an error
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(
      'There is a problem',
    );
    expect(await page.title()).toMatch(/^Error: /);
    expect(await page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');

    // each change checks again: a message goes as soon as its field is right
    await page.getByLabel('Email address').fill('not-an-address');
    await expect
      .poll(() => summary.getByRole('link').allTextContents())
      .toEqual([
        'Enter an email address in the correct format, like name@example.com',
        'Enter your password',
      ]);
    await page.getByLabel('Email address').fill('  nobody@example.test  ');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await expect.poll(() => summary.count()).toBe(0);
    expect(sent).toEqual([]);

    await signIn.click();
    const refused = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await refused.waitFor();
    expect(sent).toEqual(['/api/auth/login']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('register: a password too short and a confirmation that differs are named, the typed names kept', async () => {
    const { page, problems, context } = await openPage(browser, 'desktop', { allow: EXPECTED });
    await page.goto(`${server.url}/auth?action=signup`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email address').fill('ada@example.test');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('shorter');
    await page.getByRole('button', { name: 'Create account' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'Password must be at least 8 characters long',
      'Passwords do not match',
    ]);
    // a summary entry takes focus to its field
    await summary.getByRole('link', { name: 'Passwords do not match' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signup-confirm-password');
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switch between Sign In and Sign Up with the arrow keys, one Tab stop for the tabs', async () => {
    const { page, problems, context } = await openPage(browser, 'desktop', { allow: EXPECTED });
    await page.goto(`${server.url}/auth`);
    const signInTab = page.getByRole('tab', { name: 'Sign In' });
    await page.getByRole('heading', { level: 1, name: 'Sign in to Lexwatch' }).waitFor();
    // wait until the page's script runs the tabs
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.querySelector('[role=tab]') ?? {}).length))
      .toBeGreaterThan(0);
    expect(await signInTab.getAttribute('aria-selected')).toBe('true');
    await signInTab.focus();
    await page.keyboard.press('ArrowRight');
    const signUpTab = page.getByRole('tab', { name: 'Sign Up' });
    await expect.poll(() => signUpTab.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { level: 1, name: 'Create your Lexwatch account' }).waitFor();
    await page.getByRole('tabpanel').getByLabel('First name').waitFor();
    expect(page.url()).toContain('action=signup');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign Up');
    await page.keyboard.press('Home');
    await expect.poll(() => signInTab.getAttribute('aria-selected')).toBe('true');
    // Tab leaves the list for the panel's content
    expect(await signUpTab.getAttribute('tabindex')).toBe('-1');
    expect(problems).toEqual([]);
    await context.close();
  });
});
