import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, pendingRegistrations, users } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import {
  bearer,
  get,
  latestCode,
  latestMessage,
  newPassword,
  post,
  sessionCookieOf,
  signUp,
  uniqueEmail,
  uniqueIp,
} from './auth-helpers';

describe.skipIf(postgresUnavailable())('sign-up with an emailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  const register = (body: object, ip = uniqueIp()) => post(t, '/api/auth/register', body, { ip });
  const verify = (tempUserId: string, verificationCode: string, ip = uniqueIp()) =>
    post(t, '/api/auth/verify-email', { tempUserId, verificationCode }, { ip });
  const newMember = () => ({
    email: uniqueEmail(),
    password: newPassword(),
    firstName: 'Grace',
    lastName: 'Hopper',
  });

  it('registers, emails a 6-digit code (text and HTML) and keeps it in the outbox with no SMTP', async () => {
    const body = newMember();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      requiresVerification: true,
      tempUserId: expect.any(String),
      message: expect.any(String),
      // no SMTP_URL: the screen says where the code is (the admin console's outbox)
      emailKeptInOutbox: true,
    });
    const message = await latestMessage(t, body.email, 'verification');
    expect(message).toMatchObject({ channel: 'email', subject: 'Your Lexwatch verification code' });
    const code = await latestCode(t, body.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(message!.bodyHtml).toContain(code);
    expect(message!.bodyText).toContain('15 minutes');
    // no user yet, and the code is stored only as a keyed hash
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    const [pending] = await t.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.id, res.json().tempUserId));
    expect(pending!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending!.codeHash).not.toContain(code);
    expect(pending!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(pending!.codeExpiresAt.getTime() - pending!.createdAt.getTime()).toBe(15 * 60_000);
  });

  it('verifies the code: creates the member, signs them in by cookie and bearer token', async () => {
    const body = newMember();
    const ip = uniqueIp();
    const { tempUserId } = (await register(body, ip)).json();
    const res = await verify(tempUserId, await latestCode(t, body.email), ip);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    rememberSecret(answer.sessionToken);
    expect(answer.message).toMatch(/verified/);
    expect(answer.user).toMatchObject({
      email: body.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      emailVerified: true,
      subscriptionTier: 'trial',
    });
    const cookie = sessionCookieOf(res)!;
    expect(cookie).toMatchObject({ value: answer.sessionToken, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBeUndefined();
    const byCookie = await get(t, '/api/auth/user', { cookies: { lw_session: cookie.value } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toEqual(answer.user);
    const byBearer = await get(t, '/api/auth/user', bearer(answer.sessionToken));
    expect(byBearer.json().id).toBe(answer.user.id);
    // the pending registration is gone, so the code cannot be used twice
    expect((await verify(tempUserId, await latestCode(t, body.email), ip)).json().error.code).toBe(
      'registration_not_found',
    );
  });

  it.each([
    [{ email: undefined }, 'body.email'],
    [{ email: 'not-an-email' }, 'body.email'],
    [{ password: 'short7!' }, 'body.password'],
    [{ password: 'a'.repeat(257) }, 'body.password'],
    [{ firstName: '   ' }, 'body.firstName'],
    [{ lastName: undefined }, 'body.lastName'],
  ])('rejects %o with a 400 naming the field', async (override, field) => {
    const res = await register({ ...newMember(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('refuses common passwords and ones made of the member’s own name', async () => {
    const common = await register({ ...newMember(), password: 'iloveyou' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatchObject({
      code: 'password_too_common',
      details: [{ field: 'body.password' }],
    });
    expect((await register({ ...newMember(), password: 'Password2024!' })).json().error.code).toBe(
      'password_too_common',
    );
    const personal = await register({ ...newMember(), password: 'gracehopper' });
    expect(personal.json().error.code).toBe('password_too_personal');
  });

  it('answers an already registered address the same way and tells its owner instead of sending a code', async () => {
    const existing = await buildUser(t.db);
    const res = await register({ ...newMember(), email: existing.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual([
      'emailKeptInOutbox',
      'message',
      'requiresVerification',
      'tempUserId',
    ]);
    expect(await latestMessage(t, existing.email.toUpperCase(), 'verification')).toBeUndefined();
    const notice = await latestMessage(t, existing.email, 'registration_attempt');
    expect(notice!.subject).toBe('Someone tried to sign up with your email address');
    expect(notice!.bodyHtml).toContain('/auth?action=signin');
    // no code can complete it, and a wrong guess looks like any other
    const guess = await verify(res.json().tempUserId, '123456');
    expect(guess.statusCode).toBe(400);
    expect(guess.json().error.code).toBe('invalid_code');
  });

  it('writes the email in the language of the browser when a dictionary exists', async () => {
    const body = newMember();
    await post(t, '/api/auth/register', body, {
      ip: uniqueIp(),
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect((await latestMessage(t, body.email, 'verification'))!.subject).toBe(
      'Ihr Lexwatch-Bestätigungscode',
    );
  });

  it('rejects malformed verification input with 400s', async () => {
    expect((await verify('not-a-uuid', '123456')).json().error.details[0].field).toBe('body.tempUserId');
    const { tempUserId } = (await register(newMember())).json();
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await verify(tempUserId, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const unknown = await verify('00000000-0000-4000-8000-000000000000', '123456');
    expect(unknown.json().error).toMatchObject({ code: 'registration_not_found' });
  });

  it('kills the code after 5 wrong tries, even for the right code, until a new one is sent', async () => {
    const body = newMember();
    const { tempUserId } = (await register(body)).json();
    const code = await latestCode(t, body.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const left: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify(tempUserId, wrong);
      expect(res.json().error.code).toBe('invalid_code');
      left.push(res.json().error.details.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const dead = await verify(tempUserId, code);
    expect(dead.statusCode).toBe(400);
    expect(dead.json().error).toMatchObject({
      code: 'code_attempts_exceeded',
      message: 'Too many wrong codes. Please request a new code.',
    });
    expect((await post(t, '/api/auth/resend-code', { tempUserId }, { ip: uniqueIp() })).statusCode).toBe(200);
    const fresh = await latestCode(t, body.email);
    expect((await verify(tempUserId, fresh)).statusCode).toBe(200);
  });

  it('lets a code expire after 15 minutes', async () => {
    const body = newMember();
    const { tempUserId } = (await register(body)).json();
    const code = await latestCode(t, body.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    const res = await verify(tempUserId, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'code_expired',
      message: 'This code has expired. Please request a new code.',
    });
  });

  it('re-sends a fresh code at most 3 times in 10 minutes, then answers 429 with Retry-After', async () => {
    const body = newMember();
    const { tempUserId } = (await register(body)).json();
    const codes = [await latestCode(t, body.email)];
    const resend = () => post(t, '/api/auth/resend-code', { tempUserId }, { ip: uniqueIp() });
    for (let i = 0; i < 3; i++) {
      const res = await resend();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'We have sent a new code to your email address.' });
      codes.push(await latestCode(t, body.email));
    }
    expect((await t.db.select().from(outbox).where(eq(outbox.recipient, body.email))).length).toBe(4);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.json().error.message).toMatch(/3 times in 10 minutes/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    // only the newest code works
    expect((await verify(tempUserId, codes[0]!)).json().error?.code ?? 'ok').not.toBe('ok');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    expect((await resend()).statusCode).toBe(200);
  });

  it('rejects resend-code input it cannot use', async () => {
    const resend = (body: object) => post(t, '/api/auth/resend-code', body, { ip: uniqueIp() });
    expect((await resend({})).json().error.code).toBe('validation_failed');
    expect((await resend({ tempUserId: 'x' })).json().error.code).toBe('validation_failed');
    const unknown = await resend({ tempUserId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('registration_not_found');
  });

  it('limits sign-ups per address (5 an hour) and per network (10 an hour)', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) expect((await register({ ...newMember(), email })).statusCode).toBe(201);
    const perEmail = await register({ ...newMember(), email });
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.headers['retry-after']).toMatch(/^\d+$/);
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await register(newMember(), ip)).statusCode).toBe(201);
    const perIp = await register(newMember(), ip);
    expect(perIp.statusCode).toBe(429);
    expect(perIp.json().error.message).toMatch(
      /Too many sign-ups from this network\. Please wait \d+ minutes/,
    );
  });

  it('limits code attempts per network (30 in 15 minutes)', async () => {
    const ip = uniqueIp();
    const id = '00000000-0000-4000-8000-000000000001';
    for (let i = 0; i < 30; i++) expect((await verify(id, '123456', ip)).statusCode).toBe(400);
    const res = await verify(id, '123456', ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets only one of two simultaneous verifications create the account', async () => {
    const body = newMember();
    const { tempUserId } = (await register(body)).json();
    const code = await latestCode(t, body.email);
    const results = await Promise.all([verify(tempUserId, code), verify(tempUserId, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    results.forEach((r) => r.statusCode === 200 && rememberSecret(r.json().sessionToken));
    expect((await t.db.select().from(users).where(eq(users.email, body.email))).length).toBe(1);
  });

  it('round-trips a 256-character Unicode password unchanged', async () => {
    let text = '';
    for (const ch of 'Ünïcödé wörds 🦉 '.repeat(20)) if (text.length + ch.length <= 256) text += ch;
    const password = rememberSecret(text);
    expect(password.length).toBeGreaterThan(250);
    const member = await signUp(t, { password });
    const login = await post(t, '/api/auth/login', { email: member.email, password }, { ip: uniqueIp() });
    expect(login.statusCode).toBe(200);
    rememberSecret(login.json().sessionToken);
  });
});
