import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, sessions } from '#server/db/schema';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser, buildUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import { get, post, uniqueIp } from './auth-helpers';

const ADMIN_PASSWORD = rememberSecret('correct admin passphrase for tests');

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

describe.skipIf(postgresUnavailable())('administrator sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_PASSWORD } });
  });
  afterAll(() => t.close());

  async function signIn(ip = uniqueIp()) {
    const res = await post(t, '/api/admin/login', { password: ADMIN_PASSWORD }, { ip });
    expect(res.statusCode).toBe(200);
    const admin = rememberSecret(cookieOf(res, 'lw_admin')!.value);
    const csrf = rememberSecret(cookieOf(res, 'csrf-token')!.value);
    return { res, cookies: { lw_admin: admin, 'csrf-token': csrf }, csrf };
  }

  it('signs in with the configured password: HttpOnly SameSite=Strict admin cookie and a readable CSRF cookie', async () => {
    const { res } = await signIn();
    expect(res.json()).toEqual({ success: true, message: 'Signed in as administrator' });
    expect(cookieOf(res, 'lw_admin')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const csrf = cookieOf(res, 'csrf-token')!;
    expect(csrf).toMatchObject({ sameSite: 'Strict', path: '/' });
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers a wrong password with 401 and bad input with 400', async () => {
    const wrong = await post(
      t,
      '/api/admin/login',
      { password: rememberSecret('not the admin password') },
      { ip: uniqueIp() },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({
      code: 'invalid_admin_password',
      message: 'Invalid administrator password',
    });
    expect(cookieOf(wrong, 'lw_admin')).toBeUndefined();
    for (const body of [{}, { password: '' }, { password: 42 }]) {
      const res = await post(t, '/api/admin/login', body, { ip: uniqueIp() });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('body.password');
    }
  });

  it('limits failed sign-ins (5 in 15 minutes per network) with 429 and Retry-After, even for the right password', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await post(t, '/api/admin/login', { password: rememberSecret(`admin guess ${i} wrong`) }, { ip }))
          .statusCode,
      ).toBe(401);
    }
    const res = await post(t, '/api/admin/login', { password: ADMIN_PASSWORD }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toMatch(
      /Too many failed administrator sign-in attempts\. Please wait 15 minutes/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('answers GET /api/admin/system-stats from the real tables to an administrator only', async () => {
    const { cookies } = await signIn();
    const stats = async () => {
      const res = await get(t, '/api/admin/system-stats', { cookies });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const before = await stats();
    expect(Object.keys(before).sort()).toEqual(
      [
        'lastSync',
        'legislationCount',
        'newUsersToday',
        'notificationsSentToday',
        'uptime',
        'userCount',
        // the Overview tab's breakdowns
        'membersByTier',
        'membersByStatus',
        'suspendedMembers',
        'itemsByCategory',
        'itemsBySource',
        'syncsToday',
        'messagesToday',
        // counted by the legislation types' categories
        'primaryLegislation',
        'secondaryLegislation',
      ].sort(),
    );
    await buildUser(t.db);
    await buildLegalChange(t.db);
    const id = await enqueueMessage(t.db, {
      channel: 'email',
      kind: 'test',
      recipient: 'stats@example.test',
      bodyText: 'x',
    });
    await t.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, id!));
    const after = await stats();
    expect(after.userCount).toBe(before.userCount + 1);
    expect(after.newUsersToday).toBe(before.newUsersToday + 1);
    expect(after.legislationCount).toBe(before.legislationCount + 1);
    expect(after.notificationsSentToday).toBe(before.notificationsSentToday + 1);
    expect(after.uptime).toBeGreaterThanOrEqual(0);

    const signedOut = await get(t, '/api/admin/system-stats');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('admin_unauthorized');
    const member = await buildSignedInUser(t.db);
    rememberSecret(member.token);
    expect((await get(t, '/api/admin/system-stats', { headers: member.headers })).statusCode).toBe(401);
    expect(
      (await get(t, '/api/admin/system-stats', { cookies: { lw_admin: member.token } })).statusCode,
    ).toBe(401);
  });

  it('requires the CSRF token on every non-GET admin call, bound to the admin session', async () => {
    const first = await signIn();
    const second = await signIn();
    const logout = (headers: Record<string, string>, cookies = first.cookies) =>
      post(t, '/api/admin/logout', undefined, { cookies, headers });
    const missing = await logout({});
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('csrf_invalid');
    expect((await logout({ 'x-csrf-token': 'forged' })).statusCode).toBe(403);
    expect((await logout({ 'x-csrf-token': second.csrf })).statusCode).toBe(403);
    // any other admin action is covered the same way
    expect((await post(t, '/api/admin/sync/uk-parliament', {}, { cookies: first.cookies })).statusCode).toBe(
      403,
    );
    expect((await post(t, '/api/admin/logout', undefined, {})).statusCode).toBe(401);

    const res = await logout({ 'x-csrf-token': first.csrf });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out of the administrator area' });
    expect(cookieOf(res, 'lw_admin')!.value).toBe('');
    expect(cookieOf(res, 'csrf-token')!.value).toBe('');
    expect((await get(t, '/api/admin/system-stats', { cookies: first.cookies })).statusCode).toBe(401);
    expect((await get(t, '/api/admin/system-stats', { cookies: second.cookies })).statusCode).toBe(200);
  });

  it('rotates the admin session at sign-in and stores only hashes', async () => {
    const first = await signIn();
    const again = await post(
      t,
      '/api/admin/login',
      { password: ADMIN_PASSWORD },
      { ip: uniqueIp(), cookies: first.cookies },
    );
    rememberSecret(cookieOf(again, 'lw_admin')!.value);
    expect((await get(t, '/api/admin/system-stats', { cookies: first.cookies })).statusCode).toBe(401);
    const rows = await t.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.kind, 'admin'));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe.skipIf(postgresUnavailable())('administrator password generated at first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('writes it to a file only its owner can read, names the file in the log and never the password', async () => {
    const file = join(t.config.DATA_DIR, 'admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = rememberSecret(readFileSync(file, 'utf8').trim());
    expect(password.length).toBeGreaterThanOrEqual(20);
    const logs = t.logs.join('');
    expect(logs).toContain(file);
    expect(logs).not.toContain(password);
    expect(statSync(join(t.config.DATA_DIR, 'app-secret')).mode & 0o777).toBe(0o600);
    const res = await post(t, '/api/admin/login', { password }, { ip: uniqueIp() });
    expect(res.statusCode).toBe(200);
    rememberSecret(cookieOf(res, 'lw_admin')!.value);
    rememberSecret(cookieOf(res, 'csrf-token')!.value);
  });
});
