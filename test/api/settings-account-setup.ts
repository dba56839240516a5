/**
 * Shared by the settings and account tests: the members' password, calls with a member's
 * headers, and a signed-in member who has that password.
 */
import { hashPassword } from '#server/modules/auth/passwords';
import type { TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { uniqueEmail } from './auth-helpers';

export const PASSWORD = rememberSecret('Tidal locks of the Humber 1907');

/** The helpers, reading the suite's app (set in its beforeAll) when called. */
export function settingsCalls(app: () => TestApp) {
  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app().app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function member() {
    const m = await buildSignedInUser(app().db, {
      email: uniqueEmail('settings'),
      passwordHash: await hashPassword(PASSWORD),
    });
    return m;
  }
  return { call, member };
}
