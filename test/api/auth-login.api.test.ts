import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#server/db/schema';
import { ARGON2_PREFIX } from '#server/modules/auth/passwords';
import { hashToken } from '#server/plugins/session';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSession, buildUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import {
  bearer,
  get,
  newPassword,
  post,
  sessionCookieOf,
  signUp,
  uniqueEmail,
  uniqueIp,
} from './auth-helpers';

const DAY = 86_400_000;

describe.skipIf(postgresUnavailable())('sign-in, sign-out and the current member', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await signUp(t);
  });
  afterAll(() => t.close());

  const login = async (body: object, call: Parameters<typeof post>[3] = { ip: uniqueIp() }) => {
    const res = await post(t, '/api/auth/login', body, call);
    if (res.statusCode === 200) rememberSecret(res.json().sessionToken);
    return res;
  };
  const expiresOf = async (token: string) =>
    (
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0]?.expiresAt;

  it('signs in: token, message, user and an HttpOnly SameSite=Lax browser-session cookie that lasts 7 days', async () => {
    const res = await login({ email: member.email, password: member.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      message: 'Login successful',
    });
    expect(body.user).toMatchObject({ id: member.user.id, email: member.email });
    expect(body.user).not.toHaveProperty('passwordHash');
    const cookie = sessionCookieOf(res)!;
    expect(cookie).toMatchObject({
      name: 'lw_session',
      value: body.sessionToken,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(cookie.maxAge).toBeUndefined();
    const expires = (await expiresOf(body.sessionToken))!.getTime();
    expect(Math.abs(expires - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    // the database holds only the SHA-256 of the token
    const stored = await t.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, member.user.id));
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash) && s.tokenHash !== body.sessionToken)).toBe(
      true,
    );
  });

  it('keeps the session 30 days with "stay logged in", and matches the email without regard to case', async () => {
    const res = await login({
      email: member.email.toUpperCase(),
      password: member.password,
      keepLoggedIn: true,
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res)!.maxAge).toBeGreaterThan(30 * 86_400 - 60);
    const expires = (await expiresOf(res.json().sessionToken))!.getTime();
    expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const wrong = await login({ email: member.email, password: rememberSecret('not the password at all') });
    const unknown = await login({
      email: uniqueEmail(),
      password: rememberSecret('not the password at all'),
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Invalid email or password' },
      });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });

  it.each([
    [{ password: 'x' }, 'body.email'],
    [{ email: 'nobody', password: 'x' }, 'body.email'],
    [{ email: 'a@example.test' }, 'body.password'],
    [{ email: 'a@example.test', password: '' }, 'body.password'],
    [{ email: 'a@example.test', password: 'x', keepLoggedIn: 'yes' }, 'body.keepLoggedIn'],
  ])('rejects %o with a 400 naming the field', async (body, field) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('rotates the session at sign-in: the token the browser came with stops working', async () => {
    const first = await login({ email: member.email, password: member.password });
    const old = first.json().sessionToken;
    const second = await login(
      { email: member.email, password: member.password },
      { ip: uniqueIp(), cookies: { lw_session: old } },
    );
    expect(second.json().sessionToken).not.toBe(old);
    expect((await get(t, '/api/auth/user', bearer(old))).statusCode).toBe(401);
    expect((await get(t, '/api/auth/user', bearer(second.json().sessionToken))).statusCode).toBe(200);
  });

  it('answers GET /api/auth/user with the member’s fields, and 401 when signed out or expired', async () => {
    const res = await get(t, '/api/auth/user', bearer(member.token));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'id',
        'email',
        'firstName',
        'lastName',
        'companyName',
        'subscriptionTier',
        'subscriptionStatus',
        'trialEndsAt',
        'phoneNumber',
        'phoneVerified',
        'emailVerified',
        'emailNotificationsEnabled',
        'smsNotificationsEnabled',
        'emailNewsAlertsEnabled',
        'smsAlertsEnabled',
        'language',
        'timezone',
        'createdAt',
        'organization',
      ].sort(),
    );
    expect(res.json()).toMatchObject({
      organization: null,
      emailNotificationsEnabled: true,
      smsNotificationsEnabled: false,
      subscriptionStatus: 'trialing',
    });
    const signedOut = await get(t, '/api/auth/user');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: { code: 'unauthorized', message: 'Unauthorized' } });
    expect((await get(t, '/api/auth/user', bearer('x'.repeat(43)))).statusCode).toBe(401);
    const user = await buildUser(t.db);
    const expired = rememberSecret(
      await buildSession(t.db, user.id, { expiresAt: new Date(Date.now() - 1000) }),
    );
    expect((await get(t, '/api/auth/user', bearer(expired))).statusCode).toBe(401);
  });

  it('signs out: ends the session on the server and clears the cookie; signing out twice is fine', async () => {
    const token = (await login({ email: member.email, password: member.password })).json().sessionToken;
    const res = await post(t, '/api/auth/logout', undefined, { cookies: { lw_session: token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been logged out.' });
    const cleared = sessionCookieOf(res)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect((await get(t, '/api/auth/user', bearer(token))).statusCode).toBe(401);
    expect((await post(t, '/api/auth/logout')).statusCode).toBe(200);
    const viaBearer = (await login({ email: member.email, password: member.password })).json().sessionToken;
    await post(t, '/api/auth/logout', undefined, bearer(viaBearer));
    expect((await get(t, '/api/auth/user', bearer(viaBearer))).statusCode).toBe(401);
  });

  it('limits failed sign-ins per account (10 in 15 minutes), with Retry-After, even for the right password', async () => {
    const victim = await signUp(t);
    for (let i = 0; i < 10; i++) {
      expect(
        (await login({ email: victim.email, password: rememberSecret(`wrong guess ${i} for sure`) }))
          .statusCode,
      ).toBe(401);
    }
    const res = await login({ email: victim.email, password: victim.password });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(res.json().error.message).toMatch(
      /Too many failed sign-in attempts for this account\. Please wait 15 minutes/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    // another account is unaffected
    expect((await login({ email: member.email, password: member.password })).statusCode).toBe(200);
  });

  it('limits failed sign-ins per network (30 in 15 minutes) across accounts', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) {
      expect(
        (await login({ email: uniqueEmail(), password: rememberSecret('guessing passwords') }, { ip }))
          .statusCode,
      ).toBe(401);
    }
    const res = await login({ email: member.email, password: member.password }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect((await login({ email: member.email, password: member.password })).statusCode).toBe(200);
  });

  it('upgrades a hash made with weaker parameters at the next sign-in', async () => {
    const password = newPassword();
    const user = await buildUser(t.db, {
      email: uniqueEmail(),
      passwordHash: await hash(password, { memoryCost: 4096, timeCost: 1, parallelism: 1 }),
    });
    expect((await login({ email: user.email, password })).statusCode).toBe(200);
    const [row] = await t.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.passwordHash.startsWith(ARGON2_PREFIX)).toBe(true);
    expect((await login({ email: user.email, password })).statusCode).toBe(200);
  });
});
