/**
 * The whole alert chain, end to end: the UK Parliament bills sync reads the recorded Bills API
 * from the replay server, a followed bill moves to a new stage upstream, the next sync records
 * the stage change, the alert matcher and the outbox sender run as their jobs run them, and the
 * member hears about it exactly once on every channel:
 *
 *   - in the open browser page, through the live notification stream (no reload, no poll),
 *   - by email (SMTP capture server), with one-click List-Unsubscribe headers,
 *   - by text (the Twilio-compatible SMS fake), to the member's verified number.
 *
 * Running the sync, the matcher and the sender again delivers nothing more.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, legalChanges, notifications, outbox, userActions } from '#server/db/schema';
import { outboxSenderJob } from '#server/jobs/outbox-sender.job';
import { runSync, type RunOutcome } from '#server/modules/sync/run-sync';
import { syncContextOf } from '#server/modules/sync/sync.service';
import {
  detailOf,
  FAST_CLIENTS,
  recordedBills,
  serveAmendments,
  serveBill,
  serveBills,
  stagesOf,
  upstreamEnv,
} from '#test/api/sync-fixtures';
import { launchBrowser, openPage, settleAnimations } from '#test/support/browser';
import { startE2eServer, type E2eServer } from '#test/support/e2e-server';
import { buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { startSmsFake, type SmsFake } from '#test/support/sms-fake';
import { startSmtpServer, type SmtpCaptureServer } from '#test/support/smtp-server';
import { watchNotificationStream } from '#test/support/notification-stream';
import { movedToCommittee, runAlertJobs } from './alert-chain-jobs';

/** First loads of a screen (and its lazy chunk) can take a few seconds on a cold server. */
const SLOW = { timeout: 15_000 };
const APP_URL = 'http://lexwatch.test';
const MEMBER_PHONE = '+447911123456';
const SMS_FROM = '+447700900001';
/** The recorded bill the member follows: "Abolition of Business Rates Bill", at 2nd reading in the Commons. */
const BILL_ID = 2818;

describe('alert chain: upstream stage change → sync → matcher → outbox → browser, email and SMS', () => {
  let replay: ReplayServer;
  let smtp: SmtpCaptureServer;
  let sms: SmsFake;
  let server: E2eServer;
  let browser: Browser;
  const bills = recordedBills();
  const recorded = bills.find((b) => b.billId === BILL_ID)!;

  beforeAll(async () => {
    replay = await startReplayServer();
    smtp = await startSmtpServer();
    sms = await startSmsFake({
      accountSid: `AC${randomBytes(16).toString('hex')}`,
      authToken: rememberSecret(randomBytes(16).toString('hex')),
    });
    server = await startE2eServer({
      env: {
        ...upstreamEnv(replay),
        APP_URL,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Lexwatch <alerts@lexwatch.test>',
        SMS_API_URL: sms.url,
        SMS_ACCOUNT_SID: sms.accountSid,
        SMS_AUTH_TOKEN: sms.authToken,
        SMS_FROM,
      },
      // the recorded upstream answers at once: no pacing between calls
      deps: { syncClientOptions: FAST_CLIENTS },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await sms?.close();
    await smtp?.close();
    await replay?.close();
  });

  /** The app's own sync context (its database, logger and configured upstream clients). */
  const syncBills = async (): Promise<RunOutcome> => {
    const outcome = await runSync(syncContextOf(server.app.deps, server.app.log), 'uk-parliament', {
      triggeredBy: 'test',
    });
    expect(outcome.status, outcome.errorMessage ?? '').toBe('completed');
    return outcome;
  };

  const matchAndSend = () => runAlertJobs(server);

  const billRow = async () =>
    (
      await server.db
        .select()
        .from(legalChanges)
        .where(and(eq(legalChanges.source, 'parliament_bills'), eq(legalChanges.upstreamId, String(BILL_ID))))
    )[0];

  const bell = (page: Page) => page.locator('header button[aria-label^="Notifications,"]');
  const panelItems = (page: Page) =>
    page.getByRole('dialog', { name: 'Notifications' }).locator('[data-notification-id]');

  /** The bill as the Bills API answers once it has moved on to Committee stage. */
  const moved = movedToCommittee(recorded);

  let member: Awaited<ReturnType<typeof buildSignedInUser>>;
  let page: Page;
  let problems: string[];
  let legalChangeId: number;
  let notificationCount: number;

  it('delivers one stage-change alert to the open page (live), by email and by SMS', async () => {
    // 1. the initial load from the recorded Bills API
    serveBills(replay, bills);
    const first = await syncBills();
    expect(first.items).toMatchObject({ added: bills.length, failed: 0 });
    const loaded = await billRow();
    expect(loaded).toMatchObject({ title: 'Abolition of Business Rates Bill', currentStage: '2nd reading' });
    legalChangeId = loaded!.id;
    // a first load raises no alerts
    expect((await matchAndSend()).matched.notifications).toBe(0);

    // 2. a member with a verified UK mobile, email and text alerts on, following the bill
    member = await buildSignedInUser(server.db, {
      firstName: 'Rosalind',
      phoneNumber: MEMBER_PHONE,
      phoneVerified: true,
      smsAlertsEnabled: true,
      emailNotificationsEnabled: true,
    });
    await server.db.insert(userActions).values({ userId: member.user.id, legalChangeId, action: 'followed' });

    // 3. the member's browser is open on the home page, notification panel open and empty
    const opened = await openPage(browser, 'desktop');
    page = opened.page;
    problems = opened.problems;
    page.setDefaultTimeout(15_000);
    await opened.context.addCookies([
      { name: member.cookie.name, value: member.cookie.value, url: server.url },
    ]);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    const stream = watchNotificationStream(page);
    await page.goto(`${server.url}/`);
    await expect.poll(() => requested, SLOW).toContain('/api/notifications/stream');
    await expect.poll(() => bell(page).getAttribute('aria-label'), SLOW).toBe('Notifications, 0 unread');
    await bell(page).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    expect(await page.getByText("You're all caught up").count()).toBe(1);
    // the list read that follows the stream opening is answered: from here on only the stream can deliver
    await stream.listReadAfterStream();
    const navigationsBefore = navigations;
    requested.length = 0;

    // 4. upstream, the bill moves on to Committee stage (no amendments tabled yet)
    replay.reset();
    serveBills(replay, [moved, ...bills.filter((b) => b.billId !== BILL_ID)]);
    serveBill(replay, detailOf(moved), [...stagesOf(recorded), moved.currentStage]);
    serveAmendments(replay, BILL_ID, 12656, []);

    // 5. the next sync records the stage change
    const second = await syncBills();
    expect(second.items).toMatchObject({ updated: 1, failed: 0 });
    const events = await server.db
      .select()
      .from(changeEvents)
      .where(eq(changeEvents.syncOperationId, second.operationId!));
    expect(events.map((e) => e.kind)).toEqual(['stage_changed']);
    expect(await billRow()).toMatchObject({
      currentStage: 'Committee stage',
      currentStageDate: '2026-11-19',
    });

    // 6. the matcher and the sender, as their jobs run them
    const started = Date.now();
    const round = await matchAndSend();
    expect(round.matched).toMatchObject({ events: 1 });
    expect(round.matched.notifications).toBeGreaterThanOrEqual(1);
    expect(round.delivered).toMatchObject({ emails: 1, sms: 1 });
    expect(round.followUps).toEqual([outboxSenderJob.name]);
    expect(round.drained).toMatchObject({ sent: 2, retried: 0, failed: 0, kept: 0 });

    // in the open page: the bell and the panel, through the live stream
    const title = 'Stage change: Abolition of Business Rates Bill';
    await expect
      .poll(() => panelItems(page).filter({ hasText: title }).count(), { timeout: 3000, interval: 100 })
      .toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect
      .poll(() => bell(page).getAttribute('aria-label'), { timeout: 2000 })
      .toBe('Notifications, 1 unread');
    expect(await page.getByTestId('notification-badge').textContent()).toBe('1');
    expect(await panelItems(page).count()).toBe(1);
    const item = panelItems(page).filter({ hasText: title });
    expect(await item.textContent()).toContain('Committee stage');
    expect(await item.getAttribute('data-read')).toBe('false');
    // no reload and no poll of the list: the stream brought it
    expect(navigations).toBe(navigationsBefore);
    expect(requested.filter((p) => p === '/api/notifications/in-app')).toEqual([]);

    const stored = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: 'update', title, legislationId: legalChangeId, readAt: null });
    notificationCount = stored.length;

    // by email: exactly one, to the member, about the bill, with one-click unsubscribe
    const mail = await smtp.waitForMessage((m) => m.to.includes(member.user.email), 3000);
    expect(smtp.messages).toHaveLength(1);
    expect(mail.to).toEqual([member.user.email]);
    expect(mail.from).toBe('alerts@lexwatch.test');
    expect(mail.subject).toBe(title);
    expect(mail.text).toContain(`${APP_URL}/legal-change/${legalChangeId}?tab=timeline`);
    expect(mail.text).toContain('Committee stage');
    expect(mail.header('List-Unsubscribe')).toMatch(
      new RegExp(`^<${APP_URL.replace(/\./g, '\\.')}/api/unsubscribe\\?token=[\\w.-]+>$`),
    );
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // by text: exactly one, to the member's verified number
    const text = await sms.waitForMessage((m) => m.to === MEMBER_PHONE, 3000);
    expect(sms.messages).toHaveLength(1);
    expect(text).toMatchObject({ to: MEMBER_PHONE, from: SMS_FROM });
    expect(text.body).toContain('Abolition of Business Rates Bill');

    const messages = await server.db.select().from(outbox).where(eq(outbox.userId, member.user.id));
    expect(messages.map((m) => [m.channel, m.kind, m.status]).sort()).toEqual([
      ['email', 'alert', 'sent'],
      ['sms', 'alert', 'sent'],
    ]);
    expect(problems).toEqual([]);
  });

  it('delivers nothing more when the sync, the matcher and the sender run again', async () => {
    expect(page, 'the chain above must have run').toBeDefined();
    const third = await syncBills();
    expect(third.items).toMatchObject({ added: 0, updated: 0, failed: 0 });
    expect(third.changeEvents).toBe(0);
    const round = await matchAndSend();
    expect(round.matched).toMatchObject({ events: 0, notifications: 0, alertItems: 0 });
    expect(round.delivered).toMatchObject({ emails: 0, sms: 0 });
    expect(round.followUps).toEqual([]);
    expect(round.drained).toMatchObject({ sent: 0, retried: 0, failed: 0 });

    // nothing is left to send, and the page has drawn all it was told
    const unsent = await server.db.select().from(outbox).where(eq(outbox.userId, member.user.id));
    expect(unsent.filter((m) => m.status !== 'sent')).toEqual([]);
    await settleAnimations(page);
    expect(smtp.messages).toHaveLength(1);
    expect(sms.messages).toHaveLength(1);
    const stored = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.user.id));
    expect(stored).toHaveLength(notificationCount);
    expect(await panelItems(page).count()).toBe(1);
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
