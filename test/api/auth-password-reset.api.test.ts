import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, passwordResets } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import {
  bearer,
  get,
  latestMessage,
  newPassword,
  post,
  resetTokenIn,
  settle,
  signUp,
  uniqueEmail,
  uniqueIp,
  waitForMessage,
} from './auth-helpers';

const SAME_ANSWER = {
  message:
    'If an account exists for this email address, we have sent it a link to reset the password. Please check your inbox.',
};
const INVALID_LINK = {
  code: 'invalid_reset_token',
  message: 'This password reset link is invalid or has expired. Please request a new one.',
};

describe.skipIf(postgresUnavailable())('forgotten password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  const forgot = (email: string, ip = uniqueIp()) => post(t, '/api/auth/forgot-password', { email }, { ip });
  const reset = (token: string, password: string, ip = uniqueIp()) =>
    post(t, '/api/auth/reset-password', { token, newPassword: password }, { ip });
  const login = async (email: string, password: string) => {
    const res = await post(t, '/api/auth/login', { email, password }, { ip: uniqueIp() });
    if (res.statusCode === 200) rememberSecret(res.json().sessionToken);
    return res.statusCode;
  };
  async function requestLink(email: string) {
    const before = await latestMessage(t, email, 'password_reset');
    expect((await forgot(email)).json()).toEqual(SAME_ANSWER);
    const until = Date.now() + 5000;
    for (;;) {
      const row = await waitForMessage(t, email, 'password_reset');
      if (row.id !== before?.id) return row;
      if (Date.now() > until) throw new Error('no new reset email');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('emails a link to /reset-password?token=… (text and HTML) and answers unknown addresses identically', async () => {
    const member = await signUp(t);
    const known = await forgot(member.email);
    const unknownEmail = uniqueEmail();
    const unknown = await forgot(unknownEmail);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(SAME_ANSWER);
    expect(unknown.body).toBe(known.body);
    const mail = await waitForMessage(t, member.email, 'password_reset');
    expect(mail.subject).toBe('Reset your Lexwatch password');
    const token = resetTokenIn(mail.bodyText);
    expect(mail.bodyText).toContain(`http://localhost:5000/reset-password?token=${token}`);
    expect(mail.bodyHtml).toContain(`http://localhost:5000/reset-password?token=${token}`);
    expect(mail.bodyText).toContain('60 minutes');
    expect(await latestMessage(t, unknownEmail, 'password_reset')).toBeUndefined();
    // stored only as a hash, valid for one hour
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, member.user.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
  });

  it('answers known and unknown addresses in the same time', async () => {
    const members = [await signUp(t), await signUp(t), await signUp(t)];
    const time = async (email: string) => {
      await settle(t);
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        headers: { 'x-forwarded-for': uniqueIp() },
      });
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(200);
      return elapsed;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const m of members) {
        known.push(await time(m.email));
        unknown.push(await time(uniqueEmail()));
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
  });

  it('sets the new password with a single-use link, ends every session and confirms by email', async () => {
    const member = await signUp(t);
    const otherDevice = rememberSecret(
      (
        await post(
          t,
          '/api/auth/login',
          { email: member.email, password: member.password },
          { ip: uniqueIp() },
        )
      ).json().sessionToken,
    );
    const token = resetTokenIn((await requestLink(member.email)).bodyText);
    const password = newPassword();
    const res = await reset(token, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your password has been reset. Please sign in with your new password.',
    });
    for (const session of [member.token, otherDevice])
      expect((await get(t, '/api/auth/user', bearer(session))).statusCode).toBe(401);
    expect(await login(member.email, member.password)).toBe(401);
    expect(await login(member.email, password)).toBe(200);
    const again = await reset(token, newPassword());
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual(INVALID_LINK);
    expect((await latestMessage(t, member.email, 'password_changed'))!.subject).toBe(
      'Your Lexwatch password was changed',
    );
  });

  it('refuses a link older than one hour', async () => {
    const member = await signUp(t);
    const token = resetTokenIn((await requestLink(member.email)).bodyText);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1000);
    const res = await reset(token, newPassword());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(INVALID_LINK);
    vi.useRealTimers();
    expect(await login(member.email, member.password)).toBe(200);
  });

  it('replaces an older link when a new one is requested', async () => {
    const member = await signUp(t);
    const first = resetTokenIn((await requestLink(member.email)).bodyText);
    const second = resetTokenIn((await requestLink(member.email)).bodyText);
    expect(first).not.toBe(second);
    expect((await reset(first, newPassword())).json().error.code).toBe('invalid_reset_token');
    expect((await reset(second, newPassword())).statusCode).toBe(200);
  });

  it('rejects bad input with 400s and keeps the link usable after a refused password', async () => {
    expect(
      (await post(t, '/api/auth/forgot-password', {}, { ip: uniqueIp() })).json().error.details[0].field,
    ).toBe('body.email');
    expect((await forgot('not-an-email')).statusCode).toBe(400);
    const member = await signUp(t);
    const token = resetTokenIn((await requestLink(member.email)).bodyText);
    const missing = await post(
      t,
      '/api/auth/reset-password',
      { newPassword: newPassword() },
      { ip: uniqueIp() },
    );
    expect(missing.json().error.details.map((d: { field: string }) => d.field)).toContain('body.token');
    const short = await reset(token, 'short');
    expect(short.json().error.code).toBe('validation_failed');
    const common = await reset(token, 'qwertyuiop');
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatchObject({
      code: 'password_too_common',
      details: [{ field: 'body.newPassword' }],
    });
    expect(
      (await reset(rememberSecret('made-up-token-that-was-never-issued'), newPassword())).json().error,
    ).toEqual(INVALID_LINK);
    expect((await reset(token, newPassword())).statusCode).toBe(200);
  });

  it('limits reset emails per address (3 an hour) and per network (10 an hour), with Retry-After', async () => {
    const member = await signUp(t);
    for (let i = 0; i < 3; i++) expect((await forgot(member.email)).statusCode).toBe(200);
    const perEmail = await forgot(member.email);
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.json().error.message).toMatch(/Too many password reset requests for this email address/);
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(3000);
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await forgot(uniqueEmail(), ip)).statusCode).toBe(200);
    expect((await forgot(uniqueEmail(), ip)).statusCode).toBe(429);
    await settle(t);
    const sent = await t.db.select().from(outbox).where(eq(outbox.recipient, member.email));
    expect(sent.filter((m) => m.kind === 'password_reset').length).toBeLessThanOrEqual(3);
  });

  it('limits reset attempts per network (20 in 15 minutes)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++)
      expect((await reset(rememberSecret(`guessed-token-${i}`), 'Some long passphrase', ip)).statusCode).toBe(
        400,
      );
    const res = await reset(rememberSecret('guessed-token-21'), 'Some long passphrase', ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });
});
