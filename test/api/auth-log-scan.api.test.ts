/**
 * No password, code or token may reach a log line. This file runs every accounts flow with its
 * secrets remembered, then scans the logs of the whole suite (test-results/logs/*.ndjson,
 * written by every test process through test/support/log-capture.ts, and by every service
 * process a test starts: the multi-process and fault runs, test/support/server-process.ts) for
 * those secrets and for anything shaped like a credential.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import {
  CREDENTIAL_SHAPES,
  findLeakedSecrets,
  rememberSecret,
  SUITE_LOG_DIR,
} from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import {
  bearer,
  get,
  newPassword,
  post,
  resetTokenIn,
  signUp,
  uniqueIp,
  waitForMessage,
} from './auth-helpers';

const ADMIN_PASSWORD = rememberSecret('admin passphrase for the log scan');

function suiteLogLines(): { file: string; line: string }[] {
  const files = readdirSync(SUITE_LOG_DIR).filter((f) => f.endsWith('.ndjson'));
  return files.flatMap((file) =>
    readFileSync(join(SUITE_LOG_DIR, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ file, line })),
  );
}

describe.skipIf(postgresUnavailable())('secrets never reach the logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_PASSWORD } });
  });
  afterAll(() => t.close());

  it('runs sign-up, verification, sign-in, failures, reset, sessions and admin sign-in without logging a secret', async () => {
    const member = await signUp(t);
    const wrong = rememberSecret('a wrong password, typed by mistake');
    expect(
      (await post(t, '/api/auth/login', { email: member.email, password: wrong }, { ip: uniqueIp() }))
        .statusCode,
    ).toBe(401);
    const login = await post(
      t,
      '/api/auth/login',
      { email: member.email, password: member.password, keepLoggedIn: true },
      { ip: uniqueIp() },
    );
    const token = rememberSecret(login.json().sessionToken);
    expect((await get(t, '/api/auth/user', { cookies: { lw_session: token } })).statusCode).toBe(200);
    expect((await get(t, '/api/auth/sessions', bearer(token))).statusCode).toBe(200);
    expect(
      (
        await post(
          t,
          '/api/auth/verify-email',
          { tempUserId: '00000000-0000-4000-8000-000000000000', verificationCode: rememberSecret('918273') },
          { ip: uniqueIp() },
        )
      ).statusCode,
    ).toBe(400);

    await post(t, '/api/auth/forgot-password', { email: member.email }, { ip: uniqueIp() });
    const resetToken = resetTokenIn((await waitForMessage(t, member.email, 'password_reset')).bodyText);
    const replacement = newPassword();
    expect(
      (
        await post(
          t,
          '/api/auth/reset-password',
          { token: resetToken, newPassword: replacement },
          { ip: uniqueIp() },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          t,
          '/api/auth/reset-password',
          { token: resetToken, newPassword: replacement },
          { ip: uniqueIp() },
        )
      ).statusCode,
    ).toBe(400);

    const admin = await post(t, '/api/admin/login', { password: ADMIN_PASSWORD }, { ip: uniqueIp() });
    const adminCookie = rememberSecret(admin.cookies.find((c) => c.name === 'lw_admin')!.value);
    const csrf = rememberSecret(admin.cookies.find((c) => c.name === 'csrf-token')!.value);
    expect(
      (
        await post(t, '/api/admin/logout', undefined, {
          cookies: { lw_admin: adminCookie },
          headers: { 'x-csrf-token': csrf },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          t,
          '/api/admin/login',
          { password: rememberSecret('wrong admin passphrase') },
          { ip: uniqueIp() },
        )
      ).statusCode,
    ).toBe(401);

    expect(findLeakedSecrets(t.logs)).toEqual([]);
    // the events are logged, by name and member id, without the values
    const events = t.logs.map((l) => JSON.parse(l) as { event?: string; userId?: number });
    expect(events.filter((e) => e.event === 'authn_login_fail')).toEqual([
      expect.objectContaining({ userId: member.user.id }),
    ]);
    expect(events.some((e) => e.event === 'authn_password_change')).toBe(true);
    expect(t.logs.join('')).not.toContain(member.email);
  });

  it('finds none of the remembered secrets, and nothing shaped like a credential, in the logs of the whole suite', () => {
    const lines = suiteLogLines();
    expect(lines.length).toBeGreaterThan(0);
    expect(findLeakedSecrets(lines.map((l) => l.line))).toEqual([]);
    const hits = lines.flatMap(({ file, line }) =>
      CREDENTIAL_SHAPES.filter(([, shape]) => shape.test(line)).map(([what]) => `${file}: ${what}`),
    );
    expect(hits).toEqual([]);
  });
});
