import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema';
import { outboxSenderJob } from '#server/jobs/outbox-sender.job';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import {
  createOutboxSender,
  kickOutboxSender,
  OUTBOX_MAX_ATTEMPTS,
} from '#server/modules/outbox/outbox-sender';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { rememberSecret } from '#test/support/log-capture';
import { startSmsFake, type SmsFake } from '#test/support/sms-fake';
import { startSmtpServer, type SmtpCaptureServer } from '#test/support/smtp-server';
import { postgresUnavailable } from '#test/support/test-database';
import { codeIn, newPassword, post, settle, uniqueEmail, uniqueIp } from './auth-helpers';

const row = async (t: TestApp, id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const makeDue = (t: TestApp, id: number) =>
  t.db
    .update(outbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(outbox.id, id));
const testEmail = (t: TestApp, recipient = uniqueEmail('outbox')) =>
  enqueueMessage(t.db, {
    channel: 'email',
    kind: 'test',
    recipient,
    subject: 'Test message',
    bodyText: 'Plain text',
    bodyHtml: '<p>HTML</p>',
  }).then((id) => ({ id: id!, recipient }));

describe.skipIf(postgresUnavailable())('outbox sender with SMTP and an SMS API configured', () => {
  let smtp: SmtpCaptureServer;
  let sms: SmsFake;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    sms = await startSmsFake({
      accountSid: `AC${randomBytes(16).toString('hex')}`,
      authToken: rememberSecret(randomBytes(16).toString('hex')),
    });
    t = await buildTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Lexwatch <alerts@lexwatch.test>',
        SMS_API_URL: sms.url,
        SMS_ACCOUNT_SID: sms.accountSid,
        SMS_AUTH_TOKEN: sms.authToken,
        SMS_FROM: '+447700900001',
      },
    });
  });
  beforeEach(async () => {
    await settle(t);
    if (!smtp.running) await smtp.restart();
    smtp.reset();
    sms.setDown(false);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
  });

  it('delivers the verification code by SMTP in well under a second, as text and HTML', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: newPassword(), firstName: 'Mary', lastName: 'Somerville' },
      headers: { 'x-forwarded-for': uniqueIp() },
    });
    const answered = Date.now();
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitForMessage((m) => m.to.includes(email), 3000);
    // from the answer to the message in the mailbox: no waiting for the minute job
    expect(mail.receivedAt.getTime() - answered).toBeLessThan(1000);
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);
    expect(mail.subject).toBe('Your Lexwatch verification code');
    expect(mail.from).toBe('alerts@lexwatch.test');
    await settle(t);
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(sent).toMatchObject({ status: 'sent', provider: 'smtp', attempts: 1, lastError: null });
    expect(sent!.providerMessageId).toBe(mail.messageId);
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it('keeps mail queued while SMTP is down and delivers it once after the server is back', async () => {
    await smtp.stop();
    const email = uniqueEmail();
    await post(
      t,
      '/api/auth/register',
      { email, password: newPassword(), firstName: 'Mary', lastName: 'Somerville' },
      { ip: uniqueIp() },
    );
    const [queued] = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued!.lastError).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
    const wait = queued!.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(10_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    await smtp.restart();
    const job = { ...t.app.deps, log: t.app.log, send: async () => {} };
    expect(await outboxSenderJob.run(job, {})).toMatchObject({ sent: 0 });
    await makeDue(t, queued!.id);
    expect(await outboxSenderJob.run(job, {})).toMatchObject({ sent: 1 });
    await smtp.waitForMessage((m) => m.to.includes(email));
    expect(await outboxSenderJob.run(job, {})).toMatchObject({ sent: 0 });
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect(await row(t, queued!.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it(`retries with capped exponential back-off and jitter, then marks the message failed after ${OUTBOX_MAX_ATTEMPTS} attempts`, async () => {
    const { id } = await testEmail(t);
    const sender = createOutboxSender({ config: t.config, db: t.db, log: t.app.log });
    smtp.failNext(OUTBOX_MAX_ATTEMPTS, 451, 'Try again later');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await makeDue(t, id);
      const before = Date.now();
      await sender.drain();
      const r = await row(t, id);
      expect(r.attempts).toBe(attempt);
      expect(r.lastError).toContain('451');
      if (attempt < OUTBOX_MAX_ATTEMPTS) {
        expect(r.status).toBe('queued');
        waits.push(r.nextAttemptAt.getTime() - before);
      } else {
        expect(r.status).toBe('failed');
      }
    }
    await sender.close();
    const ceilings = waits.map((_, i) => Math.min(30 * 60_000, 30_000 * 2 ** i));
    waits.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual(ceilings[i]! / 2 - 2000);
      expect(w).toBeLessThanOrEqual(ceilings[i]! + 2000);
    });
    expect(smtp.messages).toHaveLength(0);
  });

  it('fails at once when the server refuses the recipient for good (5xx)', async () => {
    const { id, recipient } = await testEmail(t);
    smtp.rejectRecipient(recipient, 550, 'No such user');
    kickOutboxSender(t.app);
    await settle(t);
    expect(await row(t, id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(t, id)).lastError).toContain('550');
  });

  it('claims again a message whose sender died mid-send once its lease has passed', async () => {
    const { id, recipient } = await testEmail(t);
    await t.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
    kickOutboxSender(t.app);
    await smtp.waitForMessage((m) => m.to.includes(recipient));
    await settle(t);
    expect(await row(t, id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends SMS through the Messages API (Basic auth, form To/From/Body) and records its sid', async () => {
    const code = rememberSecret('482913');
    const id = (await enqueueMessage(t.db, {
      channel: 'sms',
      kind: 'phone_code',
      recipient: '+447700900123',
      bodyText: `Your Lexwatch code is ${code}`,
    }))!;
    kickOutboxSender(t.app);
    const message = await sms.waitForMessage((m) => m.to === '+447700900123');
    expect(message).toMatchObject({ from: '+447700900001', body: `Your Lexwatch code is ${code}` });
    await settle(t);
    expect(await row(t, id)).toMatchObject({
      status: 'sent',
      provider: 'sms_api',
      providerMessageId: message.sid,
    });
  });

  it('retries SMS while the API is down and fails at once on a number it refuses', async () => {
    sms.setDown(true);
    const down = (await enqueueMessage(t.db, {
      channel: 'sms',
      kind: 'test',
      recipient: '+447700900124',
      bodyText: 'Hello',
    }))!;
    kickOutboxSender(t.app);
    await settle(t);
    expect(await row(t, down)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await row(t, down)).lastError).toContain('503');
    sms.setDown(false);
    await makeDue(t, down);
    kickOutboxSender(t.app);
    await settle(t);
    expect(await row(t, down)).toMatchObject({ status: 'sent', attempts: 2 });

    sms.blockRecipient('+447700900125');
    const bad = (await enqueueMessage(t.db, {
      channel: 'sms',
      kind: 'test',
      recipient: '+447700900125',
      bodyText: 'Hello',
    }))!;
    kickOutboxSender(t.app);
    await settle(t);
    expect(await row(t, bad)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(t, bad)).lastError).toContain('21610');
  });

  it('does not text a verification code that expired while it waited', async () => {
    const requests = sms.requests.length;
    const code = rememberSecret('730164');
    const stale = (await enqueueMessage(t.db, {
      channel: 'sms',
      kind: 'phone_code',
      recipient: '+447700900127',
      bodyText: `Your Lexwatch code is ${code}`,
      queuedAt: new Date(Date.now() - 11 * 60_000),
    }))!;
    kickOutboxSender(t.app);
    await settle(t);
    expect(await row(t, stale)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'the verification code expired before it could be sent',
    });
    expect(sms.requests).toHaveLength(requests);
  });

  it('sends each message once when two senders drain side by side', async () => {
    const messages = await Promise.all(Array.from({ length: 25 }, () => testEmail(t)));
    const a = createOutboxSender({ config: t.config, db: t.db, log: t.app.log });
    const b = createOutboxSender({ config: t.config, db: t.db, log: t.app.log });
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.close(), b.close()]);
    expect(ra.sent + rb.sent).toBe(25);
    await smtp.waitForCount(25);
    const recipients = messages.map((m) => m.recipient);
    expect(
      smtp.messages
        .flatMap((m) => m.to)
        .filter((to) => recipients.includes(to))
        .sort(),
    ).toEqual([...recipients].sort());
    const rows = await t.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.id,
          messages.map((m) => m.id),
        ),
      );
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe.skipIf(postgresUnavailable())('outbox sender with no provider configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps every message in full in the outbox and says once in the log where to read it', async () => {
    const email = uniqueEmail();
    await post(
      t,
      '/api/auth/register',
      { email, password: newPassword(), firstName: 'Ada', lastName: 'Byron' },
      { ip: uniqueIp() },
    );
    const [kept] = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(kept).toMatchObject({ status: 'kept', channel: 'email', kind: 'verification', attempts: 0 });
    expect(codeIn(kept!.bodyText)).toMatch(/^\d{6}$/);
    expect(kept!.bodyHtml).toContain('<html');
    const sms = (await enqueueMessage(t.db, {
      channel: 'sms',
      kind: 'test',
      recipient: '+447700900126',
      bodyText: 'Hello',
    }))!;
    kickOutboxSender(t.app);
    await settle(t);
    expect((await t.db.select().from(outbox).where(eq(outbox.id, sms)))[0]!.status).toBe('kept');
    const notices = t.logs.filter((line) => line.includes('admin Notifications tab'));
    expect(notices.map((l) => JSON.parse(l).channel).sort()).toEqual(['email', 'sms']);
    expect(notices.join('')).toContain('SMTP_URL');
  });
});
