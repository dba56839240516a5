/**
 * Helpers for the accounts API tests: unique addresses, distinct client IPs (each test gets its
 * own rate-limit buckets), and reading the codes and links from the real outbox rows.
 * Every password, code and token is remembered, so a leak into the logs fails the run.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { outbox } from '#server/db/schema';
import { authContextOf } from '#server/modules/auth/auth.context';
import { SESSION_COOKIE } from '#server/plugins/session';
import type { TestApp } from '#test/support/build-test-app';
import { rememberSecret } from '#test/support/log-capture';

let n = 0;
export const uniqueEmail = (prefix = 'member') =>
  `${prefix}-${Date.now().toString(36)}-${++n}-${randomBytes(2).toString('hex')}@example.test`;
/** A documentation-range address of its own per call (RFC 5737), so rate limits never collide. */
export const uniqueIp = () => `198.51.${Math.floor(Math.random() * 250)}.${(++n % 250) + 1}`;
/** A password no list contains. */
export const newPassword = () =>
  rememberSecret(`Quiet ${randomBytes(6).toString('base64url')} harbour lanterns`);

export interface Call {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  ip?: string;
}

/** POSTs, then waits for what the app does after answering (see `settle`). */
export async function post(t: TestApp, url: string, body?: unknown, call: Call = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { ...(call.ip ? { 'x-forwarded-for': call.ip } : {}), ...call.headers },
    ...(call.cookies ? { cookies: call.cookies } : {}),
  });
  await settle(t);
  return res;
}

export function get(t: TestApp, url: string, call: Call = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { ...(call.ip ? { 'x-forwarded-for': call.ip } : {}), ...call.headers },
    ...(call.cookies ? { cookies: call.cookies } : {}),
  });
}

export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** Waits for work the app does after answering (background tasks, the outbox sender). */
export const settle = (t: TestApp) => authContextOf(t.app).settled();

/** The newest outbox row of a kind for an address. */
export async function latestMessage(t: TestApp, recipient: string, kind: string) {
  await settle(t);
  const [row] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row;
}

/** Waits until a background task has queued the message (forgot-password answers first). */
export async function waitForMessage(t: TestApp, recipient: string, kind: string, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await latestMessage(t, recipient, kind);
    if (row) return row;
    if (Date.now() > until) throw new Error(`no ${kind} message for ${recipient} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const codeIn = (text: string) => rememberSecret(/: (\d{6})\b/.exec(text)?.[1] ?? 'no-code-found');
export const resetTokenIn = (text: string) =>
  rememberSecret(/token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? 'no-token-found');

export async function latestCode(t: TestApp, email: string) {
  const row = await latestMessage(t, email, 'verification');
  expect(row, `a verification email to ${email}`).toBeTruthy();
  return codeIn(row!.bodyText);
}

export function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}

/** Signs up and verifies a member through the API; returns what a client would hold. */
export async function signUp(
  t: TestApp,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? newPassword();
  const ip = uniqueIp();
  const body = {
    email,
    password,
    firstName: overrides.firstName ?? 'Ada',
    lastName: overrides.lastName ?? 'Lovelace',
  };
  const registered = await post(t, '/api/auth/register', body, { ip });
  expect(registered.statusCode, registered.body).toBe(201);
  const { tempUserId } = registered.json();
  const code = await latestCode(t, email);
  const verified = await post(t, '/api/auth/verify-email', { tempUserId, verificationCode: code }, { ip });
  expect(verified.statusCode, verified.body).toBe(200);
  const token = rememberSecret(verified.json().sessionToken as string);
  return { email, password, token, user: verified.json().user, ip };
}
