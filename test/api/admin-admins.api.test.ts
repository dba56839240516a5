/**
 * Named administrators: invite, accept, TOTP enrolment, sign-in with email + password + code
 * (computed here by an independent RFC 6238 implementation), recovery codes, the owner's rights,
 * the audit log naming who, and removal ending sessions.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRecoveryCodes, admins } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import { get, latestMessage, newPassword, post, uniqueEmail, uniqueIp } from './auth-helpers';

const ADMIN_PASSWORD = rememberSecret('owner passphrase for the administrators tests');

/** RFC 4648 base32 → bytes. */
function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) with the dynamic truncation of RFC 4226. */
function totpCode(secret: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

type Jar = { lw_admin: string; 'csrf-token': string };
const jarOf = (res: LightMyRequestResponse): Jar => {
  const value = (name: string) => rememberSecret(res.cookies.find((c) => c.name === name)!.value);
  return { lw_admin: value('lw_admin'), 'csrf-token': value('csrf-token') };
};
const as = (jar: Jar) => ({ cookies: jar, headers: { 'x-csrf-token': jar['csrf-token'] } });

describe.skipIf(postgresUnavailable())('named administrators', () => {
  let t: TestApp;
  let owner: Jar;
  const email = uniqueEmail('admin');
  const password = newPassword();
  let secret = '';
  let recoveryCodes: string[] = [];
  let adminId = 0;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_PASSWORD } });
    const res = await post(t, '/api/admin/login', { password: ADMIN_PASSWORD }, { ip: uniqueIp() });
    expect(res.statusCode).toBe(200);
    owner = jarOf(res);
  });
  afterAll(() => t.close());

  const login = (body: object, ip = uniqueIp()) => post(t, '/api/admin/login', body, { ip });

  it('invites by email, and the invitee sets a password and enrols TOTP (wrong codes refused)', async () => {
    const invited = await post(t, '/api/admin/admins', { email }, as(owner));
    expect(invited.statusCode).toBe(200);
    expect(invited.json().admin).toMatchObject({ email, owner: false, status: 'invited' });
    adminId = invited.json().admin.id;
    const mail = await latestMessage(t, email, 'admin_invite');
    const token = rememberSecret(/accept-invite\?token=([A-Za-z0-9_-]{43})/.exec(mail!.bodyText)![1]!);

    expect((await post(t, '/api/admin/admins/accept', { token: 'x'.repeat(43), password })).statusCode).toBe(
      404,
    );
    const accepted = await post(t, '/api/admin/admins/accept', { token, password });
    expect(accepted.statusCode).toBe(200);
    const enrolling = jarOf(accepted);
    // the token works once
    expect((await post(t, '/api/admin/admins/accept', { token, password })).statusCode).toBe(404);
    // not an administrator until the second factor is on
    expect((await get(t, '/api/admin/system-stats', as(enrolling))).statusCode).toBe(401);
    expect((await post(t, '/api/admin/totp/setup', undefined, { cookies: enrolling })).statusCode).toBe(403);

    const setup = await post(t, '/api/admin/totp/setup', undefined, as(enrolling));
    expect(setup.statusCode).toBe(200);
    secret = rememberSecret(setup.json().secret);
    expect(setup.json().otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(decodeURIComponent(setup.json().otpauthUrl)).toContain(email);

    const right = totpCode(secret, Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await post(t, '/api/admin/totp/verify', { code: wrong }, as(enrolling));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('totp_invalid');
    const verified = await post(t, '/api/admin/totp/verify', { code: right }, as(enrolling));
    expect(verified.statusCode).toBe(200);
    recoveryCodes = verified.json().recoveryCodes.map((c: string) => rememberSecret(c));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // the secret is kept encrypted, the recovery codes only as hashes
    const [row] = await t.db.select().from(admins).where(eq(admins.id, adminId));
    expect(row!.totpSecret).not.toContain(secret);
    const stored = await t.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminId, adminId));
    expect(stored.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);
    expect(stored).toHaveLength(10);
    // shown once: the factor cannot be set up again
    expect((await post(t, '/api/admin/totp/setup', undefined, as(enrolling))).statusCode).toBe(409);
    expect((await get(t, '/api/admin/me', as(enrolling))).json()).toEqual({
      id: adminId,
      email,
      owner: false,
    });

    const list = await get(t, '/api/admin/admins', as(owner));
    expect(list.json().admins.find((a: { id: number }) => a.id === adminId).status).toBe('active');
    expect(list.json().admins[0]).toMatchObject({ owner: true, email: null });
  });

  it('signs a named administrator in with email, password and a TOTP code; a wrong or replayed code is refused', async () => {
    const next = totpCode(secret, Date.now() + 30_000);
    const other = next === '000000' ? '111111' : '000000';
    expect((await login({ email, password, totp: other })).statusCode).toBe(401);
    expect((await login({ email, password })).statusCode).toBe(400);
    expect((await login({ email, password: newPassword(), totp: next })).statusCode).toBe(401);
    const ok = await login({ email: email.toUpperCase(), password, totp: next });
    expect(ok.statusCode).toBe(200);
    const jar = jarOf(ok);
    expect((await get(t, '/api/admin/me', as(jar))).json()).toEqual({ id: adminId, email, owner: false });
    const replay = await login({ email, password, totp: next });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('invalid_admin_credentials');
  });

  it('accepts a recovery code in place of the TOTP code, once', async () => {
    const code = recoveryCodes[3]!;
    expect((await login({ email, password, totp: code.toUpperCase() })).statusCode).toBe(200);
    expect((await login({ email, password, totp: code })).statusCode).toBe(401);
  });

  it('lets only the owner invite and remove administrators', async () => {
    const named = jarOf(await login({ email, password, totp: recoveryCodes[0]! }));
    const invite = await post(t, '/api/admin/admins', { email: uniqueEmail('other') }, as(named));
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error.code).toBe('admin_owner_only');
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/admins/${adminId}`,
      ...as(named),
    });
    expect(remove.statusCode).toBe(403);
    expect((await post(t, '/api/admin/admins', { email: 'not an email' }, as(owner))).statusCode).toBe(400);
    expect((await post(t, '/api/admin/admins', { email }, as(owner))).statusCode).toBe(409);
  });

  it('records who suspended a member, with the address and user agent', async () => {
    const named = jarOf(await login({ email, password, totp: recoveryCodes[1]! }));
    const member = await buildUser(t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${member.id}`,
      payload: { suspended: true },
      headers: { ...as(named).headers, 'user-agent': 'AuditAgent/1.0', 'x-forwarded-for': '203.0.113.9' },
      cookies: named,
    });
    expect(res.statusCode).toBe(200);
    const log = await get(t, '/api/admin/audit-log', as(owner));
    const entry = log.json().entries.find((e: { action: string }) => e.action === 'user.suspended');
    expect(entry).toMatchObject({
      targetType: 'user',
      targetId: String(member.id),
      actor: { id: adminId, email },
      ip: '203.0.113.9',
      userAgent: 'AuditAgent/1.0',
    });
    const invited = log.json().entries.find((e: { action: string }) => e.action === 'admin.invited');
    expect(invited.actor).toMatchObject({ email: null });
    expect(invited.actor.id).toEqual(expect.any(Number));
  });

  it('removing an administrator ends their sessions and refuses their sign-in', async () => {
    const named = jarOf(await login({ email, password, totp: recoveryCodes[2]! }));
    expect((await get(t, '/api/admin/system-stats', as(named))).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/admins/${adminId}`,
      ...as(owner),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await get(t, '/api/admin/system-stats', as(named))).statusCode).toBe(401);
    expect((await login({ email, password, totp: recoveryCodes[4]! })).statusCode).toBe(401);
    const list = await get(t, '/api/admin/admins', as(owner));
    expect(list.json().admins.some((a: { id: number }) => a.id === adminId)).toBe(false);
    const ownerId = list.json().admins[0].id;
    const self = await t.app.inject({ method: 'DELETE', url: `/api/admin/admins/${ownerId}`, ...as(owner) });
    expect(self.statusCode).toBe(409);
  });

  it('still limits failed named sign-ins per network (429 even for right credentials)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++)
      expect((await login({ email, password: newPassword(), totp: '123456' }, ip)).statusCode).toBe(401);
    const res = await login({ password: ADMIN_PASSWORD }, ip);
    expect(res.statusCode).toBe(429);
  });
});
