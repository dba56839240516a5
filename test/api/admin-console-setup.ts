/**
 * Shared by the administrator console tests: the administrator's password, signing in as the
 * administrator, and reads and writes with the administrator's cookies (and CSRF header).
 */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '#test/support/build-test-app';
import { rememberSecret } from '#test/support/log-capture';
import { post, uniqueIp } from './auth-helpers';

export const ADMIN_PASSWORD = rememberSecret('console admin passphrase for tests');
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

export type Admin = { cookies: Record<string, string>; csrf: string };

export async function signInAdmin(t: TestApp): Promise<Admin> {
  const res = await post(t, '/api/admin/login', { password: ADMIN_PASSWORD }, { ip: uniqueIp() });
  const token = rememberSecret(cookieOf(res, 'lw_admin')!.value);
  const csrf = rememberSecret(cookieOf(res, 'csrf-token')!.value);
  return { cookies: { lw_admin: token, 'csrf-token': csrf }, csrf };
}

/** Calls as the administrator, reading the suite's app and session (set in its beforeAll) when made. */
export function adminCalls(suite: () => { t: TestApp; admin: Admin }) {
  const get = (url: string) => {
    const { t, admin } = suite();
    return t.app.inject({ method: 'GET', url, cookies: admin.cookies });
  };
  const write = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, csrf = true) => {
    const { t, admin } = suite();
    return t.app.inject({
      method,
      url,
      cookies: admin.cookies,
      headers: csrf ? { 'x-csrf-token': admin.csrf } : {},
      ...(payload ? { payload } : {}),
    });
  };
  return { get, write };
}
