/** A member's sessions, and GET /api/login. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import { bearer, get, post, sessionCookieOf, signUp, uniqueIp } from './auth-helpers';

describe.skipIf(postgresUnavailable())('a member’s sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists the member’s own live sessions, marking the current one', async () => {
    const member = await signUp(t);
    const second = rememberSecret(
      (
        await post(
          t,
          '/api/auth/login',
          { email: member.email, password: member.password },
          { ip: uniqueIp(), headers: { 'user-agent': 'Firefox test' } },
        )
      ).json().sessionToken,
    );
    const other = await signUp(t);
    const res = await get(t, '/api/auth/sessions', bearer(member.token));
    expect(res.statusCode).toBe(200);
    const list = res.json().sessions;
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.find((s: { userAgent: string | null }) => s.userAgent === 'Firefox test')).toMatchObject({
      current: false,
      keepLoggedIn: false,
    });
    expect(JSON.stringify(list)).not.toContain(second);
    expect((await get(t, '/api/auth/sessions', bearer(other.token))).json().sessions).toHaveLength(1);
    expect((await get(t, '/api/auth/sessions')).statusCode).toBe(401);
  });

  it('ends one of the member’s sessions; another member’s session is not found', async () => {
    const member = await signUp(t);
    const other = await signUp(t);
    const list = async (token: string) =>
      (await get(t, '/api/auth/sessions', bearer(token))).json().sessions as {
        id: string;
        current: boolean;
      }[];
    const [otherSession] = await list(other.token);
    const del = (id: string, token?: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, ...(token ? bearer(token) : {}) });
    const refused = await del(otherSession!.id, member.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('session_not_found');
    expect((await get(t, '/api/auth/user', bearer(other.token))).statusCode).toBe(200);
    expect((await del('not-a-uuid', member.token)).statusCode).toBe(400);
    expect((await del(otherSession!.id)).statusCode).toBe(401);

    const laptop = rememberSecret(
      (
        await post(
          t,
          '/api/auth/login',
          { email: member.email, password: member.password },
          { ip: uniqueIp() },
        )
      ).json().sessionToken,
    );
    const laptopId = (await list(member.token)).find((s) => !s.current)!.id;
    const ended = await del(laptopId, member.token);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: 'The session has been ended.' });
    expect((await get(t, '/api/auth/user', bearer(laptop))).statusCode).toBe(401);
    // ending the current one also clears its cookie
    const current = (await list(member.token)).find((s) => s.current)!;
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${current.id}`,
      cookies: { lw_session: member.token },
    });
    expect(self.statusCode).toBe(200);
    expect(sessionCookieOf(self)!.value).toBe('');
    expect((await get(t, '/api/auth/user', bearer(member.token))).statusCode).toBe(401);
  });
});

describe.skipIf(postgresUnavailable())('GET /api/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['?redirect=/x', '/auth?action=signin&redirect=%2Fx'],
    [
      '?redirect=%2Flegal-change%2F5%3Ftab%3Dnews',
      '/auth?action=signin&redirect=%2Flegal-change%2F5%3Ftab%3Dnews',
    ],
    ['', '/auth?action=signin'],
    ['?redirect=https://evil.example/x', '/auth?action=signin'],
    ['?redirect=//evil.example/x', '/auth?action=signin'],
    ['?redirect=/%5Cevil.example', '/auth?action=signin'],
    ['?redirect=javascript:alert(1)', '/auth?action=signin'],
    ['?redirect=/a&redirect=/b', '/auth?action=signin'],
  ])('%s → 302 %s', async (query, location) => {
    const res = await get(t, `/api/login${query}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });
});
