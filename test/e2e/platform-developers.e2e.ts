import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, horizontalOverflow, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';

const SLOW = { timeout: 20_000 };

describe('API keys and the developer page in the browser', () => {
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    await buildLegalChange(server.db, { title: 'Developer Page Bill' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedIn(viewport: 'desktop' | 'phone', tier: 'trial' | 'basic') {
    const member = await buildSignedInUser(server.db, {
      subscriptionTier: tier,
      subscriptionStatus: tier === 'trial' ? 'trialing' : 'active',
    });
    const opened = await openPage(browser, viewport);
    await opened.context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    opened.page.setDefaultTimeout(15_000);
    return opened;
  }
  const callApi = (key: string) =>
    fetch(`${server.url}/api/v1/legal-changes?limit=1`, { headers: { authorization: `Bearer ${key}` } });

  it('creates a key shown once, lists it by its prefix and revokes it', async () => {
    const { page, problems, context } = await signedIn('desktop', 'basic');
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { level: 2, name: 'Developers' }).waitFor(SLOW);
    await page.getByLabel('Key name').fill('Reporting script');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())!.trim();
    expect(key).toMatch(/^lwk_test_/);
    expect((await callApi(key)).status).toBe(200);

    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('new-api-key').count()).resolves.toBe(0);
    const list = page.getByRole('list', { name: 'Your keys' });
    await expect(list.textContent()).resolves.toContain(key.slice(0, 17));
    await expect(page.content()).resolves.not.toContain(key);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('You have no keys yet.').waitFor();
    expect((await callApi(key)).status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('tells a trial member why there are no keys', async () => {
    const { page, context } = await signedIn('phone', 'trial');
    await page.goto(`${server.url}/settings`);
    await page.getByText('API keys come with the Basic and Premium plans', { exact: false }).waitFor(SLOW);
    await expect(page.getByLabel('Key name').count()).resolves.toBe(0);
    await context.close();
  });

  it('shows the reference, the MCP setup and fits a phone', async () => {
    // a visitor: the session check answers 401
    const { page, problems, context } = await openPage(browser, 'phone', { allow: [/401/] });
    await page.goto(`${server.url}/developers`);
    await page.getByRole('heading', { level: 1, name: 'Lexwatch for developers' }).waitFor(SLOW);
    await page.locator('.swagger-ui .opblock').first().waitFor(SLOW);
    await expect(page.getByText('/api/v1/legal-changes', { exact: true }).count()).resolves.toBeGreaterThan(
      0,
    );
    await expect(
      page.getByLabel('Use Lexwatch from an AI assistant (MCP)', { exact: true }).textContent(),
    ).resolves.toContain(`${server.url}/mcp`);
    expect((await horizontalOverflow(page)).px).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
