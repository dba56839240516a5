/**
 * The installable app and browser push in Chromium: the web manifest and its icons, the service
 * worker registered for this build, a push delivered to it shown as a system notification with the
 * alert's link, the shell served by the worker when offline; and on /preferences, a signed
 * webhook's secret shown once with a copy button. Headless Chromium has no push service of its
 * own (its subscribe needs Google's), so the push is handed to the worker through the DevTools
 * protocol (ServiceWorker.deliverPushMessage), as a push service would.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildSignedInUser } from '#test/support/factories';
import { startWebhookReceiver, type WebhookReceiver } from '#test/support/webhook-receiver';

const SLOW = { timeout: 15_000 };

describe('installable app, browser push and signed webhooks', () => {
  let server: E2eServer;
  let browser: Browser;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startE2eServer({ env: { WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await receiver?.close();
  });

  async function memberPage(viewport: 'desktop' | 'phone') {
    const member = await buildSignedInUser(server.db, {
      subscriptionTier: 'basic',
      subscriptionStatus: 'active',
    });
    const opened = await openPage(browser, viewport, { serviceWorkers: 'allow' });
    await opened.context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    await opened.context.grantPermissions(['notifications', 'clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    opened.page.setDefaultTimeout(15_000);
    return opened;
  }

  const workerScript = (page: Page) =>
    page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL ?? ''));

  it('is installable, shows a pushed alert as a notification, and starts offline', async () => {
    const { page, context, problems } = await memberPage('desktop');
    await page.goto(`${server.url}/preferences`);
    await page.getByRole('heading', { level: 2, name: 'Browser notifications' }).waitFor(SLOW);

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(`${server.url}${manifestHref}`)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const res = await page.request.get(`${server.url}${icon.src}`);
      expect([res.status(), res.headers()['content-type']]).toEqual([200, 'image/png']);
    }

    // the worker of this build (its address names the build), and the switch ready to use
    expect(await workerScript(page)).toMatch(/\/sw\.js\?v=[A-Za-z0-9_-]{6,}$/);
    const toggle = page.getByRole('switch', { name: 'Notifications in this browser' });
    expect(await toggle.isEnabled()).toBe(true);

    // a push, as the push service hands it over: a system notification linking to the alert's tab
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const active = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
        if (active) resolve(active.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const alert = {
      title: 'New: Estuary Barrage Bill',
      body: 'A new bill has been published.',
      url: `${server.url}/legal-change/7?tab=timeline`,
      tag: 'legal-change-7',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: await registrationId,
      data: JSON.stringify(alert),
    });
    // polls until the worker has shown it (bounded by the test's timeout)
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      for (;;) {
        const [n] = await registration.getNotifications();
        if (n) return { title: n.title, body: n.body, tag: n.tag, data: n.data as unknown };
        await new Promise((next) => setTimeout(next, 50));
      }
    });
    expect(shown).toEqual({
      title: alert.title,
      body: alert.body,
      tag: alert.tag,
      data: { url: alert.url },
    });

    // offline, the page comes from the worker's cache (network-first when online)
    await page.evaluate(() =>
      navigator.serviceWorker.controller
        ? null
        : new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve)),
    );
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Browser notifications' }).waitFor(SLOW);
    expect(problems).toEqual([]); // offline, the page's API calls fail, as they should
    await context.setOffline(true);
    const offline = await page.goto(`${server.url}/preferences`);
    expect(offline?.fromServiceWorker()).toBe(true);
    expect(await offline?.text()).toContain('<div id="root"');
    await context.setOffline(false);
  });

  it('adds a signed webhook and shows its secret once, with a copy button (phone)', async () => {
    const { page, problems } = await memberPage('phone');
    await page.goto(`${server.url}/preferences`);
    await page.getByRole('heading', { level: 2, name: 'Team chat' }).waitFor(SLOW);
    await page.getByLabel('Service').selectOption('generic');
    await page.getByLabel('Endpoint URL').fill(receiver.newUrl('generic'));
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByTestId('webhook-signing-secret');
    await secret.waitFor(SLOW);
    const value = (await secret.innerText()).trim();
    expect(value).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor(SLOW);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    expect((await horizontalOverflow(page)).px).toBe(0);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await secret.count()).toBe(0);
    await page.getByText('Signed webhook (JSON)').last().waitFor(SLOW);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Team chat' }).waitFor(SLOW);
    expect(await page.content()).not.toContain(value); // shown once: never again
    expect(problems).toEqual([]);
  });
});
