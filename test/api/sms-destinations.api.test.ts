/**
 * Where texts may go: +44 only by default (SMS_ALLOWED_COUNTRY_CODES). Any other number is
 * refused before the SMS API is called: the loopback SMS API records no request for it.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeEvents, outbox, searchTerms } from '#server/db/schema';
import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { kickOutboxSender } from '#server/modules/outbox/outbox-sender';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser, buildUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { startSmsFake, type SmsFake } from '#test/support/sms-fake';
import { postgresUnavailable } from '#test/support/test-database';
import { settle, uniqueIp } from './auth-helpers';

const smsEnv = (sms: SmsFake) => ({
  SMS_API_URL: sms.url,
  SMS_ACCOUNT_SID: sms.accountSid,
  SMS_AUTH_TOKEN: sms.authToken,
  SMS_FROM: '+447700900001',
});
const startFake = () =>
  startSmsFake({
    accountSid: `AC${randomBytes(16).toString('hex')}`,
    authToken: rememberSecret(randomBytes(16).toString('hex')),
  });

async function sendCode(t: TestApp, phoneNumber: string) {
  const me = await buildSignedInUser(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/send-phone-verification',
    headers: { ...me.headers, 'x-forwarded-for': uniqueIp() },
    payload: { phoneNumber },
  });
  await settle(t);
  return { res, userId: me.user.id };
}

describe.skipIf(postgresUnavailable())('SMS destinations: UK (+44) only by default', () => {
  let sms: SmsFake;
  let t: TestApp;
  beforeAll(async () => {
    sms = await startFake();
    t = await buildTestApp({ env: smsEnv(sms) });
  });
  beforeEach(() => sms.clear());
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  it('refuses a code for a non-UK number with a clear 400, before any SMS API call', async () => {
    for (const number of ['+33 6 12 34 56 78', '+1 202 555 0143', '+353 85 123 4567', '0033 6 12 34 56 78']) {
      const { res, userId } = await sendCode(t, number);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'phone_country_not_supported',
          message: 'Text messages can only be sent to UK (+44) phone numbers.',
          details: { allowedCountryCodes: ['+44'] },
        },
      });
      expect(await t.db.select().from(outbox).where(eq(outbox.userId, userId))).toEqual([]);
    }
    expect(sms.requests).toHaveLength(0);
    // a UK number does reach the API, so the fake is listening
    expect((await sendCode(t, '07400 300001')).res.statusCode).toBe(200);
    expect(sms.requests).toHaveLength(1);
  });

  it('marks an alert text to a non-UK number failed with its reason, never calls the API for it, and never retries it', async () => {
    const overrides = { phoneVerified: true, smsAlertsEnabled: true };
    const abroad = await buildUser(t.db, { ...overrides, phoneNumber: '+33612345678' });
    const home = await buildUser(t.db, { ...overrides, phoneNumber: '+447400300002' });
    for (const user of [abroad, home])
      await t.db.insert(searchTerms).values({ userId: user.id, searchTerm: 'lighthouse' });
    const item = await buildLegalChange(t.db, { title: 'Lighthouse Bill' });
    await t.db.insert(changeEvents).values({ legalChangeId: item.id, kind: 'new_item' });
    await matchAlerts(t.db, { notifyPostgres: t.database.mode === 'postgres' });
    expect((await queueImmediateAlerts(t.db, t.config, t.app.secrets.appSecret)).sms).toBeGreaterThanOrEqual(
      2,
    );

    kickOutboxSender(t.app);
    await settle(t);
    const text = async (userId: number) =>
      (await t.db.select().from(outbox).where(eq(outbox.userId, userId))).find((r) => r.channel === 'sms')!;
    const refused = await text(abroad.id);
    expect(refused).toMatchObject({
      kind: 'alert',
      status: 'failed',
      attempts: 1,
      sentAt: null,
      providerMessageId: null,
    });
    expect(refused.lastError).toBe('destination not allowed: +33 is outside SMS_ALLOWED_COUNTRY_CODES (44)');
    expect(await text(home.id)).toMatchObject({ status: 'sent', provider: 'sms_api' });
    expect(sms.requests.map((r) => new URLSearchParams(r.rawBody).get('To'))).toEqual(['+447400300002']);

    // later rounds leave it alone
    kickOutboxSender(t.app);
    await settle(t);
    expect(await text(abroad.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(sms.requests).toHaveLength(1);
  });
});

describe.skipIf(postgresUnavailable())('SMS destinations: a configured list', () => {
  let sms: SmsFake;
  let t: TestApp;
  beforeAll(async () => {
    sms = await startFake();
    t = await buildTestApp({ env: { ...smsEnv(sms), SMS_ALLOWED_COUNTRY_CODES: '44,353' } });
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  it('texts the listed countries and refuses the rest, naming the list', async () => {
    expect((await sendCode(t, '+353 85 123 4567')).res.statusCode).toBe(200);
    expect((await sms.waitForMessage((m) => m.to === '+353851234567')).body).toMatch(
      /verification code is \d{6}/,
    );
    const refused = (await sendCode(t, '+33 6 12 34 56 78')).res;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'phone_country_not_supported',
      message: 'Text messages can only be sent to +44, +353 phone numbers.',
    });
    expect(sms.requests).toHaveLength(1);
  });
});
