/**
 * The console's six diagnostics, against the loopback SMTP server and SMS fake: each needs an
 * administrator session and the CSRF token, validates its input, really sends through the
 * configured channel, answers its steps, and is audited.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, newsArticles, userActions } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { startSmsFake, type SmsFake } from '#test/support/sms-fake';
import { startSmtpServer, type SmtpCaptureServer } from '#test/support/smtp-server';
import { postgresUnavailable } from '#test/support/test-database';
import { get, post, uniqueEmail, uniqueIp } from './auth-helpers';

const ADMIN_PASSWORD = rememberSecret('owner passphrase for the diagnostics tests');
type Step = { step: string; ok: boolean; detail: string };

describe.skipIf(postgresUnavailable())('administrator diagnostics', () => {
  let t: TestApp;
  let smtp: SmtpCaptureServer;
  let sms: SmsFake;
  let admin: { cookies: Record<string, string>; headers: Record<string, string> };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    sms = await startSmsFake({
      accountSid: `AC${randomBytes(16).toString('hex')}`,
      authToken: rememberSecret(randomBytes(16).toString('hex')),
    });
    t = await buildTestApp({
      env: {
        ADMIN_PASSWORD,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Lexwatch <alerts@lexwatch.test>',
        SMS_API_URL: sms.url,
        SMS_ACCOUNT_SID: sms.accountSid,
        SMS_AUTH_TOKEN: sms.authToken,
        SMS_FROM: '+447700900001',
      },
    });
    const res = await post(t, '/api/admin/login', { password: ADMIN_PASSWORD }, { ip: uniqueIp() });
    const cookie = (name: string) =>
      rememberSecret((res as LightMyRequestResponse).cookies.find((c) => c.name === name)!.value);
    admin = {
      cookies: { lw_admin: cookie('lw_admin'), 'csrf-token': cookie('csrf-token') },
      headers: { 'x-csrf-token': cookie('csrf-token') },
    };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await sms?.close();
  });

  const run = (name: string, body: object) => post(t, `/api/admin/${name}`, body, admin);
  const mailTo = (to: string) => smtp.waitForMessage((m) => m.to.includes(to));

  it('refuses without a session or CSRF token, and validates input', async () => {
    const body = { testEmail: uniqueEmail('diag') };
    expect((await post(t, '/api/admin/test-notification-service', body)).statusCode).toBe(401);
    expect(
      (await post(t, '/api/admin/test-notification-service', body, { cookies: admin.cookies })).statusCode,
    ).toBe(403);
    for (const name of ['test-notification-service', 'test-real-news-flow', 'test-phase-3-3'])
      expect((await run(name, { testEmail: 'nope' })).statusCode).toBe(400);
    expect((await run('test-direct-sms', { testPhoneNumber: 'not a number' })).statusCode).toBe(400);
    expect((await run('test-direct-sms', { testPhoneNumber: '+33612345678' })).statusCode).toBe(400);
  });

  it('test-notification-service sends through SMTP and says so, step by step', async () => {
    const to = uniqueEmail('service');
    const res = await run('test-notification-service', { testEmail: to });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.success).toBe(true);
    expect(answer.steps.map((s: Step) => s.step)).toEqual(['render', 'queue', 'deliver']);
    expect(answer.steps[2].detail).toMatch(/handed to the SMTP server/);
    expect((await mailTo(to)).subject).toBeTruthy();
  });

  it('test-direct-sms sends a text through the SMS provider', async () => {
    const res = await run('test-direct-sms', { testPhoneNumber: '07400 300123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, error: null });
    expect(res.json().steps[0].detail).toContain('+447400300123');
    const text = await sms.waitForMessage((m) => m.to === '+447400300123');
    expect(text.body.length).toBeGreaterThan(0);
  });

  it('the news diagnostics say when there is no cached news, then send real cached articles', async () => {
    const empty = await run('test-real-news-flow', { testEmail: uniqueEmail('none') });
    expect(empty.json()).toMatchObject({ success: false, ids: [] });
    expect(empty.json().steps[0]).toMatchObject({ step: 'find-item', ok: false });

    const item = await buildLegalChange(t.db, { title: 'Renters (Reform) Bill' });
    const follower = await buildUser(t.db);
    await t.db
      .insert(userActions)
      .values({ userId: follower.id, legalChangeId: item.id, action: 'followed' });
    await t.db.insert(newsArticles).values([
      {
        legalChangeId: item.id,
        url: 'https://news.example/a',
        title: 'Landlords react',
        source: 'Example News',
        provider: 'test',
        relevanceScore: 0.9,
      },
      {
        legalChangeId: item.id,
        url: 'https://news.example/b',
        title: 'Tenants welcome bill',
        source: 'Daily Example',
        provider: 'test',
        relevanceScore: 0.5,
      },
    ]);
    const to = uniqueEmail('news');
    const flow = await run('test-real-news-flow', { testEmail: to });
    expect(flow.json().success).toBe(true);
    expect(flow.json().steps[0].detail).toContain('followed by 1 member');
    const mail = await mailTo(to);
    expect(mail.subject).toBe('[Test] News about Renters (Reform) Bill');
    expect(mail.text).toContain('Example News: Landlords react');
    expect(mail.text).toContain(`/legal-change/${item.id}?tab=news`);

    const unifiedTo = uniqueEmail('unified');
    const unified = await run('test-unified-news-notifications', { testEmail: unifiedTo });
    expect(unified.json().success).toBe(true);
    expect((await mailTo(unifiedTo)).text).toContain('Renters (Reform) Bill');
  });

  it('test-phase-3-3 sends one message of each family through the unified outbox', async () => {
    const to = uniqueEmail('phase33');
    const res = await run('test-phase-3-3', { testEmail: to });
    expect(res.json().success).toBe(true);
    expect(res.json().steps.map((s: Step) => s.step)).toEqual([
      'news-notification',
      'legislative-notification',
      'verification-notification',
    ]);
    expect(res.json().ids).toHaveLength(3);
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(to)).length).toBe(3);
  });

  it('test-sync-alerts-sentencing-bill runs the bill’s recorded change through the alert email, and is audited', async () => {
    const missing = await run('test-sync-alerts-sentencing-bill', { testEmail: uniqueEmail('sb') });
    expect(missing.json()).toMatchObject({ success: false });
    expect(missing.json().steps[0].detail).toMatch(/not in the database/);

    const bill = await buildLegalChange(t.db, { title: 'Sentencing Bill', currentStage: 'Report stage' });
    await t.db.insert(changeEvents).values({
      legalChangeId: bill.id,
      kind: 'stage_changed',
      before: { stage: '2nd reading', house: 'Commons' },
      after: { stage: 'Report stage', house: 'Commons' },
    });
    const to = uniqueEmail('sentencing');
    const res = await run('test-sync-alerts-sentencing-bill', { testEmail: to });
    const answer = res.json();
    expect(answer.success).toBe(true);
    expect(answer.steps.map((s: Step) => s.step)).toEqual([
      'find-bill',
      'read-changes',
      'match-members',
      'render',
      'queue',
      'deliver',
    ]);
    const mail = await mailTo(to);
    expect(mail.subject).toMatch(/^\[Test\] /);
    expect(mail.text).toContain('Report stage');

    const log = await get(t, '/api/admin/audit-log', admin);
    const entry = log
      .json()
      .entries.find((e: { targetId: string }) => e.targetId === 'test-sync-alerts-sentencing-bill');
    expect(entry).toMatchObject({ action: 'diagnostic.run', details: { success: true } });
  });
});
