/**
 * The daily SMS budget circuit breaker, on a clock the test moves: texts stop at the budget,
 * verification codes are refused with 503 and Retry-After, the administrator is alerted once a
 * day, and the held texts leave once each after midnight (London time).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema';
import ar from '#server/messages/locales/ar.json';
import { smsSize } from '#server/messages/sms';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { createOutboxSender, type OutboxSender } from '#server/modules/outbox/outbox-sender';
import { londonDay } from '#server/sources/common/uk-time';
import { ADMIN_COOKIE } from '#server/plugins/session';
import { buildTestApp, testConfig, type TestApp } from '#test/support/build-test-app';
import { buildSession, buildSignedInUser } from '#test/support/factories';
import { captureLogger, rememberSecret } from '#test/support/log-capture';
import { startSmsFake, type SmsFake } from '#test/support/sms-fake';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import { uniqueIp } from './auth-helpers';

const HOUR = 3600_000;
const ALERT_EMAIL = 'ops@lexwatch.test';

/** Real time plus an offset the test moves forward; it starts at noon (London) tomorrow. */
function movableClock() {
  const tomorrow = londonDay(new Date(Date.now() + 24 * HOUR));
  let offset = tomorrow.start.getTime() + 12 * HOUR - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    /** to a minute past the next London midnight */
    nextDay() {
      offset += londonDay(this.now()).end.getTime() + 60_000 - this.now().getTime();
    },
  };
}

describe.skipIf(postgresUnavailable())('daily SMS budget circuit breaker', () => {
  const clock = movableClock();
  let sms: SmsFake;
  let database: TestDatabase;
  let sender: OutboxSender;
  let t: TestApp;
  const senderLog = captureLogger('sms-budget-sender');

  beforeAll(async () => {
    sms = await startSmsFake({
      accountSid: `AC${randomBytes(16).toString('hex')}`,
      authToken: rememberSecret(randomBytes(16).toString('hex')),
    });
    const env = {
      SMS_API_URL: sms.url,
      SMS_ACCOUNT_SID: sms.accountSid,
      SMS_AUTH_TOKEN: sms.authToken,
      SMS_FROM: '+447700900001',
      // 3 texts a day
      SMS_DAILY_BUDGET_PENCE: '12',
      SMS_UNIT_PRICE_PENCE: '4',
      SMS_BUDGET_ALERT_EMAIL: ALERT_EMAIL,
    };
    database = await createTestDatabase();
    sender = createOutboxSender({
      config: testConfig(env),
      db: database.db,
      log: senderLog.logger,
      now: clock.now,
    });
    t = await buildTestApp({ env, database, deps: { smsClock: clock.now, outboxSender: sender } });
  });
  afterAll(async () => {
    await t.close();
    await sender.close();
    await database.destroy();
    await sms.close();
  });

  let next = 1;
  const alertText = async () => {
    const n = next++;
    const recipient = `+44740020${String(n).padStart(4, '0')}`;
    const id = (await enqueueMessage(t.db, {
      channel: 'sms',
      kind: 'alert',
      recipient,
      bodyText: `Alert ${n}`,
      dedupeKey: `budget-test:${n}`,
    }))!;
    return { id, recipient };
  };
  const askForCode = async () => {
    const me = await buildSignedInUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/send-phone-verification',
      headers: { ...me.headers, 'x-forwarded-for': uniqueIp() },
      payload: { phoneNumber: `07400 2${String(next++).padStart(5, '0')}` },
    });
    await sender.idle();
    return res;
  };
  const rows = (ids: number[]) =>
    t.db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
  const budgetAlerts = () =>
    t.db.select().from(outbox).where(eq(outbox.kind, 'sms_budget')).orderBy(outbox.id);
  const warnings = () =>
    senderLog.lines.concat(t.logs).filter((line) => line.includes('SMS daily budget reached'));
  const adminReport = async () => {
    const token = await buildSession(t.db, 0, { kind: 'admin', userId: null });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sms-budget',
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('stops texts at the budget, refuses codes until midnight, alerts once, and sends the held texts the next day, once each', async () => {
    const first = [await alertText(), await alertText()];
    expect(await sender.drain()).toMatchObject({ sent: 2, heldByBudget: 0 });

    // the third text of the day: a verification code
    const code = await askForCode();
    expect(code.statusCode).toBe(200);
    expect(sms.messages).toHaveLength(3);
    expect(sms.messages[2]!.body).toMatch(/verification code is \d{6}/);

    // the budget is spent: texts stay queued
    const held = [await alertText(), await alertText()];
    expect(await sender.drain()).toMatchObject({ sent: 0, heldByBudget: 2 });
    expect(await sender.drain()).toMatchObject({ sent: 0, heldByBudget: 2 });
    expect((await rows(held.map((h) => h.id))).map((r) => [r.status, r.attempts])).toEqual([
      ['queued', 0],
      ['queued', 0],
    ]);
    expect(sms.requests).toHaveLength(3);

    // and codes are refused until midnight
    // measured before asking: the answer's Retry-After can only be smaller
    const untilMidnight = Math.ceil((londonDay(clock.now()).end.getTime() - clock.now().getTime()) / 1000);
    const refused = await askForCode();
    expect(refused.statusCode).toBe(503);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(untilMidnight - 30);
    expect(retryAfter).toBeLessThanOrEqual(untilMidnight);
    expect(refused.json()).toEqual({
      error: {
        code: 'sms_budget_exhausted',
        message:
          'We cannot send text messages right now because the service has reached its daily text message limit. Please try again after midnight (UK time).',
        details: { retryAfterSeconds: retryAfter },
      },
    });
    expect(sms.requests).toHaveLength(3);

    // the administrator hears of it once: one email, one warning
    const [alert, ...more] = await budgetAlerts();
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      channel: 'email',
      recipient: ALERT_EMAIL,
      dedupeKey: `sms_budget:${londonDay(clock.now()).date}`,
    });
    expect(alert!.subject).toContain('SMS budget of £0.12 reached');
    expect(alert!.bodyText).toContain('3 sent, 3 segment(s) at 4p each');
    expect(warnings()).toHaveLength(1);
    expect(await adminReport()).toMatchObject({
      sentToday: 3,
      spentPence: 12,
      budgetPence: 12,
      remainingTexts: 0,
      exhausted: true,
      allowedCountryCodes: ['+44'],
      verification: { codesSent: 1, verified: 0, neverCompletedRatio: 1 },
    });

    // after midnight the held texts leave, once each, and the day has room again
    clock.nextDay();
    expect(await sender.drain()).toMatchObject({ sent: 2, heldByBudget: 0 });
    expect(await sender.drain()).toMatchObject({ sent: 0 });
    expect((await rows(held.map((h) => h.id))).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    const recipients = sms.messages.map((m) => m.to);
    for (const { recipient } of [...first, ...held])
      expect(recipients.filter((to) => to === recipient)).toHaveLength(1);
    expect(sms.messages).toHaveLength(5);
    expect(await adminReport()).toMatchObject({ sentToday: 2, remainingTexts: 1, exhausted: false });
    expect((await askForCode()).statusCode).toBe(200);
    expect(sms.messages).toHaveLength(6);

    // spent again on the new day: one more alert, for that day
    expect((await askForCode()).statusCode).toBe(503);
    expect((await askForCode()).statusCode).toBe(503);
    expect((await budgetAlerts()).map((a) => a.dedupeKey)).toEqual([
      alert!.dedupeKey,
      `sms_budget:${londonDay(clock.now()).date}`,
    ]);
    expect(warnings()).toHaveLength(2);
  });

  it('shows the budget to the administrator only', async () => {
    const member = await buildSignedInUser(t.db);
    for (const headers of [{}, member.headers]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/sms-budget', headers })).statusCode).toBe(
        401,
      );
    }
  });

  it('never lets two senders draining side by side go past the budget', async () => {
    clock.nextDay();
    const queued = await Promise.all(Array.from({ length: 8 }, () => alertText()));
    const other = createOutboxSender({ config: t.config, db: t.db, log: senderLog.logger, now: clock.now });
    const [a, b] = await Promise.all([sender.drain(), other.drain()]);
    await other.close();
    expect(a.sent + b.sent).toBe(3);
    const statuses = (await rows(queued.map((q) => q.id))).map((r) => r.status).sort();
    expect(statuses).toEqual(['queued', 'queued', 'queued', 'queued', 'queued', 'sent', 'sent', 'sent']);
    const day = londonDay(clock.now()).date;
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'sms_budget'), eq(outbox.dedupeKey, `sms_budget:${day}`))),
    ).toHaveLength(1);
  });

  it('counts segments, not texts: a text in Arabic or Japanese (UCS-2) spends more of the budget', async () => {
    // texts left over by the tests above are not this test's
    await t.db
      .update(outbox)
      .set({ status: 'failed' })
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.status, 'queued')));
    clock.nextDay();
    const text = async (bodyText: string) => {
      const n = next++;
      return (await enqueueMessage(t.db, {
        channel: 'sms',
        kind: 'alert',
        recipient: `+44740030${String(n).padStart(4, '0')}`,
        bodyText,
        dedupeKey: `segment-test:${n}`,
      }))!;
    };
    const arabic = ar.events.newBill.repeat(3); // about 90 UTF-16 units: two UCS-2 segments
    expect(smsSize(arabic)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    const english = 'x'.repeat(arabic.length); // as long, one GSM-7 segment
    const ids = [await text(arabic), await text(english), await text(english)];
    // 3 segments a day: the Arabic text (2) and one English text (1); the third waits
    expect(await sender.drain()).toMatchObject({ sent: 2, heldByBudget: 1 });
    expect((await rows(ids)).map((r) => r.status)).toEqual(['sent', 'sent', 'queued']);
    expect(await adminReport()).toMatchObject({
      sentToday: 2,
      spentPence: 12,
      remainingTexts: 0,
      exhausted: true,
    });

    // a text longer than a whole day's budget waits for a day with nothing spent, then goes alone
    clock.nextDay();
    const long = await text('ア'.repeat(250)); // four UCS-2 segments
    expect(await sender.drain()).toMatchObject({ sent: 1, heldByBudget: 1 });
    expect((await rows([ids[2]!, long])).map((r) => r.status)).toEqual(['sent', 'queued']);
    clock.nextDay();
    expect(await sender.drain()).toMatchObject({ sent: 1 });
    expect((await rows([long])).map((r) => r.status)).toEqual(['sent']);
    expect(await adminReport()).toMatchObject({ sentToday: 1, spentPence: 16, remainingTexts: 0 });
  });
});
