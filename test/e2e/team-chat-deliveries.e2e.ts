import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, userWebhooks } from '#server/db/schema';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { expectNoAxeViolations, launchBrowser, openPage } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { startWebhookReceiver, type WebhookReceiver } from '#test/support/webhook-receiver';

const SLOW = { timeout: 10_000 };
// a refused webhook URL answers 400: the browser logs the failed request
const EXPECTED = [/400/];

describe('team chat and the delivery log on /preferences', () => {
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

  async function signedInPage(viewport: 'desktop' | 'phone', tier: 'trial' | 'basic' | 'premium') {
    const member = await buildSignedInUser(server.db, {
      firstName: 'Grace',
      subscriptionTier: tier,
      subscriptionStatus: tier === 'trial' ? 'trialing' : 'active',
    });
    const opened = await openPage(browser, viewport, { allow: EXPECTED });
    await opened.context.addCookies([{ name: 'lw_session', value: member.token, url: server.url }]);
    opened.page.setDefaultTimeout(15_000);
    return { ...opened, member };
  }

  /** Three messages of the member's: a sent alert email about an item, a failed text, a queued post. */
  async function seedLog(userId: number, email: string) {
    const item = await buildLegalChange(server.db, { title: 'Reservoirs (Safety) Bill' });
    const mail = await enqueueMessage(server.db, {
      channel: 'email',
      kind: 'alert',
      recipient: email,
      subject: 'Stage change: Reservoirs (Safety) Bill',
      bodyText: 'body',
      userId,
      legalChangeId: item.id,
    });
    await server.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, mail!));
    const text = await enqueueMessage(server.db, {
      channel: 'sms',
      kind: 'alert',
      recipient: '+447911123456',
      bodyText: 'Lexwatch: Stage change: Reservoirs (Safety) Bill. …',
      userId,
    });
    await server.db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, text!));
    return item;
  }

  it('adds a Slack webhook as a paid member, lists it masked, removes it, and shows the delivery log (desktop)', async () => {
    const { page, problems, context, member } = await signedInPage('desktop', 'premium');
    const item = await seedLog(member.user.id, member.user.email);
    await page.goto(`${server.url}/preferences`);
    await page.getByRole('heading', { level: 2, name: 'Team chat' }).waitFor(SLOW);

    // the log: newest first, a row per message, the item linked
    const table = page.getByTestId('delivery-table');
    await table.getByText('Stage change: Reservoirs (Safety) Bill').first().waitFor(SLOW);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(/SMS[\s\S]*•••• 3456[\s\S]*Failed/);
    expect(await rows.nth(1).innerText()).toMatch(/Email[\s\S]*•••@[\s\S]*Sent/);
    expect(await rows.nth(1).innerText()).not.toContain(member.user.email);
    expect(item.id).toBeGreaterThan(0);

    // a private address is refused with the server's message
    await page.getByLabel('Incoming webhook URL').fill('https://10.0.0.8/services/T/B/x');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText(/private, local or reserved network address/).waitFor(SLOW);

    const url = receiver.newUrl('slack');
    await page.getByLabel('Incoming webhook URL').fill(url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const token = url.slice(-4);
    const listed = page.locator('li[data-webhook]');
    await listed.first().waitFor(SLOW);
    expect(await listed.first().innerText()).toMatch(new RegExp(`Slack[\\s\\S]*Active[\\s\\S]*/…/${token}`));
    expect(await page.content()).not.toContain(new URL(url).pathname);
    expect(await page.getByLabel('Incoming webhook URL').inputValue()).toBe('');

    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/preferences-team-chat-desktop.png', fullPage: true });

    await page.getByRole('button', { name: /^Remove http:\/\/127\.0\.0\.1/ }).click();
    await expect.poll(() => listed.count(), SLOW).toBe(0);
    await page.getByText('No webhooks yet.').waitFor(SLOW);
    expect(
      await server.db.select().from(userWebhooks).where(eq(userWebhooks.userId, member.user.id)),
    ).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('explains the plan gate to a trial member and shows the log as a list (phone)', async () => {
    const { page, problems, context, member } = await signedInPage('phone', 'trial');
    await seedLog(member.user.id, member.user.email);
    await page.goto(`${server.url}/preferences`);
    await page.getByText('Team chat comes with the Basic and Premium plans.').waitFor(SLOW);
    expect(await page.getByLabel('Incoming webhook URL').count()).toBe(0);
    const list = page.getByRole('list', { name: 'Delivery log' });
    await list.locator('li').first().waitFor(SLOW);
    expect(await list.locator('li').count()).toBe(2);
    expect(await page.getByTestId('delivery-table').isVisible()).toBe(false);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/preferences-team-chat-phone.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pages the delivery log with Load more (desktop)', async () => {
    const { page, problems, context, member } = await signedInPage('desktop', 'basic');
    for (let i = 1; i <= 22; i++)
      await enqueueMessage(server.db, {
        channel: 'email',
        kind: 'alert',
        recipient: member.user.email,
        subject: `Alert number ${i}`,
        bodyText: 'body',
        userId: member.user.id,
      });
    await page.goto(`${server.url}/preferences`);
    const rows = page.getByTestId('delivery-table').locator('tbody tr');
    await rows.first().waitFor(SLOW);
    expect(await rows.count()).toBe(20);
    expect(await rows.first().innerText()).toContain('Alert number 22');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count(), SLOW).toBe(22);
    expect(await rows.last().innerText()).toContain('Alert number 1');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says so when nothing was sent yet (phone)', async () => {
    const { page, problems, context } = await signedInPage('phone', 'premium');
    await page.goto(`${server.url}/preferences`);
    await page.getByText('Nothing sent yet.').waitFor(SLOW);
    await page.getByText('No webhooks yet.').waitFor(SLOW);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/preferences-team-chat-phone-empty.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
