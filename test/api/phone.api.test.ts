import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, phoneVerifications, users } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { uniqueIp } from './auth-helpers';

type Member = Awaited<ReturnType<typeof buildSignedInUser>> & { headers: Record<string, string> };

describe.skipIf(postgresUnavailable())('phone number, verification codes and channel switches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** a signed-in member on a network of their own, so per-network SMS limits stay apart */
  const member = async (overrides: Parameters<typeof buildSignedInUser>[1] = {}): Promise<Member> => {
    const m = await buildSignedInUser(t.db, overrides);
    return { ...m, headers: { ...m.headers, 'x-forwarded-for': uniqueIp() } };
  };
  const post = (url: string, me: Member | null, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: me?.headers ?? {}, payload });
  const put = (me: Member | null, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/user/phone-settings',
      headers: me?.headers ?? {},
      payload,
    });
  const sendCode = (me: Member, phoneNumber: string, url = '/api/user/send-phone-verification') =>
    post(url, me, { phoneNumber });
  const lastCode = async (userId: number) => {
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, userId), eq(outbox.kind, 'phone_code')))
      .orderBy(desc(outbox.id))
      .limit(1);
    return { row: row!, code: /code is (\d{6})\./.exec(row!.bodyText)![1]! };
  };
  // a different valid UK mobile number for each test, so per-number limits stay apart
  let next = 100;
  const freshNumber = () => `07911 123${String(next++).padStart(3, '0')}`;

  it.each([
    ['PUT', '/api/auth/user/phone-settings'],
    ['POST', '/api/auth/user/send-verification'],
    ['POST', '/api/auth/user/verify-phone'],
    ['POST', '/api/user/send-phone-verification'],
    ['POST', '/api/user/verify-phone'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
  });

  it('refuses numbers that are not valid UK mobile numbers, before any text is queued', async () => {
    const me = await member();
    const cases: [string, string][] = [
      ['', 'invalid_phone_number'],
      ['12345', 'invalid_phone_number'],
      ['call me', 'invalid_phone_number'],
      ['+1 202 555 0143', 'phone_country_not_supported'],
      ['020 7946 0000', 'phone_not_mobile'],
    ];
    for (const [phoneNumber, code] of cases) {
      const res = await sendCode(me, phoneNumber);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
    expect((await sendCode(me, '')).json().error.message).toBe('Please enter a valid phone number.');
    expect((await post('/api/user/send-phone-verification', me, {})).json().error.code).toBe(
      'validation_failed',
    );
    expect(await t.db.select().from(outbox).where(eq(outbox.userId, me.user.id))).toEqual([]);
  });

  it('sends codes only to members whose email address is verified', async () => {
    const me = await member({ emailVerifiedAt: null });
    for (const url of ['/api/user/send-phone-verification', '/api/auth/user/send-verification']) {
      const res = await sendCode(me, freshNumber(), url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'email_not_verified',
          message: 'Please verify your email address before adding a phone number.',
        },
      });
    }
    expect(await t.db.select().from(outbox).where(eq(outbox.userId, me.user.id))).toEqual([]);
    expect(
      await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, me.user.id)),
    ).toEqual([]);
  });

  it('texts a 6-digit code and verifies the number with it (both paths)', async () => {
    const paths: [string, string][] = [
      ['/api/user/send-phone-verification', '/api/user/verify-phone'],
      ['/api/auth/user/send-verification', '/api/auth/user/verify-phone'],
    ];
    for (const [send, verify] of paths) {
      const me = await member();
      const number = freshNumber();
      const sent = await sendCode(me, number, send);
      expect(sent.statusCode).toBe(200);
      const e164 = `+44${number.replace(/\s/g, '').slice(1)}`;
      expect(sent.json()).toEqual({
        message: 'Verification code sent.',
        phoneNumber: e164,
        expiresInSeconds: 600,
      });
      const { row, code } = await lastCode(me.user.id);
      expect(row).toMatchObject({ channel: 'sms', kind: 'phone_code', recipient: e164 });
      const [stored] = await t.db
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.userId, me.user.id));
      expect(stored!.codeHash).not.toContain(code);

      const wrong = await post(verify, me, { code: code === '000000' ? '111111' : '000000' });
      expect(wrong.json().error).toMatchObject({
        code: 'invalid_code',
        message: 'Invalid verification code.',
      });
      const ok = await post(verify, me, { code });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({
        message: 'Your phone number is verified.',
        phoneNumber: e164,
        phoneVerified: true,
      });
      const [user] = await t.db.select().from(users).where(eq(users.id, me.user.id));
      expect(user).toMatchObject({ phoneNumber: e164, phoneVerified: true });
      expect((await post(verify, me, { code })).json().error.code).toBe('no_verification_code');
    }
  });

  it('accepts only the newest code', async () => {
    const me = await member();
    const number = freshNumber();
    await sendCode(me, number);
    const first = await lastCode(me.user.id);
    await sendCode(me, number);
    const second = await lastCode(me.user.id);
    if (first.code !== second.code)
      expect((await post('/api/user/verify-phone', me, { code: first.code })).json().error.code).toBe(
        'invalid_code',
      );
    expect((await post('/api/user/verify-phone', me, { code: second.code })).statusCode).toBe(200);
  });

  it('validates the code field', async () => {
    const me = await member();
    for (const code of ['', '12345', '1234567', 'abcdef']) {
      const res = await post('/api/user/verify-phone', me, { code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  it('kills a code after 5 wrong tries and when it expires', async () => {
    const me = await member();
    await sendCode(me, freshNumber());
    const { code } = await lastCode(me.user.id);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await post('/api/user/verify-phone', me, { code: wrong })).json().error.code);
    expect(answers).toEqual([
      'invalid_code',
      'invalid_code',
      'invalid_code',
      'invalid_code',
      'too_many_attempts',
    ]);
    expect((await post('/api/user/verify-phone', me, { code })).json().error.code).toBe('too_many_attempts');

    await sendCode(me, freshNumber());
    const fresh = await lastCode(me.user.id);
    await t.db
      .update(phoneVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerifications.userId, me.user.id));
    expect((await post('/api/user/verify-phone', me, { code: fresh.code })).json().error.code).toBe(
      'code_expired',
    );
  });

  it('sends at most 3 codes per number in 10 minutes, whoever asks (429 with Retry-After)', async () => {
    const me = await member();
    const other = await member();
    const number = freshNumber();
    for (let i = 0; i < 3; i++) expect((await sendCode(me, number)).statusCode).toBe(200);
    const limited = await sendCode(other, number);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect(limited.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many codes have been sent to this number. Please wait 10 minutes and try again.',
      details: { retryAfterSeconds: Number(limited.headers['retry-after']) },
    });
    // the limit is per number: another number is still served
    expect((await sendCode(other, freshNumber())).statusCode).toBe(200);
  });

  it('keeps text message alerts for paid plans: a trial member is told why (403)', async () => {
    const me = await member({ phoneNumber: freshNumber(), phoneVerified: true });
    const refused = await put(me, { smsAlertsEnabled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('sms_requires_paid_plan');
    expect(refused.json().error.message).toMatch(/Basic and Premium/);
  });

  it('saves phone settings: SMS switches need a verified number, a new number is unverified', async () => {
    const me = await member({ subscriptionTier: 'basic' });
    const emailOff = await put(me, { emailNotificationsEnabled: false, emailNewsAlertsEnabled: true });
    expect(emailOff.json()).toEqual({
      phoneNumber: null,
      phoneVerified: false,
      emailNotificationsEnabled: false,
      smsNotificationsEnabled: false,
      emailNewsAlertsEnabled: true,
      smsAlertsEnabled: false,
    });
    expect((await put(me, { smsNotificationsEnabled: true })).json().error.code).toBe('phone_not_verified');
    expect((await put(me, { phoneNumber: 'nope' })).json().error.message).toBe(
      'Please enter a valid phone number.',
    );
    expect((await put(me, { smsAlertsEnabled: 'on' })).statusCode).toBe(400);

    const number = freshNumber();
    await sendCode(me, number);
    await post('/api/auth/user/verify-phone', me, { code: (await lastCode(me.user.id)).code });
    const on = await put(me, { smsNotificationsEnabled: true, smsAlertsEnabled: true, phoneNumber: number });
    expect(on.json()).toMatchObject({
      phoneVerified: true,
      smsNotificationsEnabled: true,
      smsAlertsEnabled: true,
    });

    const changed = await put(me, { phoneNumber: freshNumber() });
    expect(changed.json()).toMatchObject({ phoneVerified: false, smsAlertsEnabled: true });
    const removed = await put(me, { phoneNumber: null });
    expect(removed.json()).toMatchObject({
      phoneNumber: null,
      phoneVerified: false,
      smsAlertsEnabled: false,
      smsNotificationsEnabled: false,
    });
  });
});
