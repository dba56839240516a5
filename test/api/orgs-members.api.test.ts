/**
 * Compliance teams: the organisation, invitations by email (read from the loopback SMTP server),
 * roles, leaving, seats running out and bought in test mode, and who may see or change what.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgInvites } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { startSmtpServer, type SmtpCaptureServer } from '#test/support/smtp-server';
import { postgresUnavailable } from '#test/support/test-database';
import { caller, joinOrg, type Member } from './orgs-setup';

describe.skipIf(postgresUnavailable())('organisations, members, invitations and seats', () => {
  let t: TestApp;
  let smtp: SmtpCaptureServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Lexwatch <alerts@lexwatch.test>',
        BILLING_TEST_MODE: 'true',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
  const premium = () =>
    buildSignedInUser(t.db, { subscriptionTier: 'premium', subscriptionStatus: 'active' });

  async function orgWithOwner() {
    const owner = await premium();
    const res = await call(owner, 'POST', '/api/orgs', { name: 'Harbour Compliance Ltd' });
    expect(res.statusCode).toBe(201);
    return { owner, orgId: res.json().id as number };
  }

  const join = (orgId: number, by: Member, role: string, who?: Member) =>
    joinOrg(t, smtp, { member: by, orgId }, role, who);

  it('answers 401 signed out before reading anything, and 404 when the member has no organisation', async () => {
    expect((await call(null, 'POST', '/api/orgs', { nonsense: true })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/orgs/current')).statusCode).toBe(401);
    const loner = await buildSignedInUser(t.db);
    const res = await call(loner, 'GET', '/api/orgs/current');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('no_org');
  });

  it('lets only Premium members create one organisation, with validated names', async () => {
    const trial = await buildSignedInUser(t.db);
    const refused = await call(trial, 'POST', '/api/orgs', { name: 'Team' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('plan_required');
    const owner = await premium();
    // the session's own answer says whether the member is in an organisation (the screens read it)
    expect((await call(owner, 'GET', '/api/auth/user')).json().organization).toBeNull();
    expect((await call(owner, 'POST', '/api/orgs', { name: '   ' })).statusCode).toBe(400);
    const created = await call(owner, 'POST', '/api/orgs', { name: 'Harbour Compliance Ltd' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name: 'Harbour Compliance Ltd', role: 'owner' });
    expect((await call(owner, 'POST', '/api/orgs', { name: 'Second' })).statusCode).toBe(409);
    const current = (await call(owner, 'GET', '/api/orgs/current')).json();
    expect(current).toMatchObject({
      name: 'Harbour Compliance Ltd',
      role: 'owner',
      seats: { included: 5, purchased: 0, used: 1 },
      members: [{ userId: owner.user.id, email: owner.user.email, role: 'owner' }],
    });
    expect((await call(owner, 'GET', '/api/auth/user')).json().organization).toEqual({
      id: created.json().id,
      role: 'owner',
    });
  });

  it('invites by email with a token stored only as a hash; only the invited address may accept, once', async () => {
    const { owner, orgId } = await orgWithOwner();
    const colleague = await buildSignedInUser(t.db);
    const invited = await call(owner, 'POST', `/api/orgs/${orgId}/invites`, {
      email: colleague.user.email.toUpperCase(),
      role: 'member',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      email: colleague.user.email,
      role: 'member',
      expiresAt: expect.any(String),
    });
    const mail = await smtp.waitForMessage((m) => m.to.includes(colleague.user.email));
    expect(mail.subject).toContain('Harbour Compliance Ltd');
    const again = await call(owner, 'POST', `/api/orgs/${orgId}/invites`, {
      email: colleague.user.email,
      role: 'admin',
    });
    expect(again.json().error.code).toBe('already_invited');
    const token = rememberSecret(/token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!);
    const [row] = await t.db.select().from(orgInvites).where(eq(orgInvites.id, invited.json().id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const stranger = await buildSignedInUser(t.db);
    expect((await call(stranger, 'POST', '/api/orgs/invites/accept', { token })).statusCode).toBe(403);
    const accepted = await call(colleague, 'POST', '/api/orgs/invites/accept', { token });
    expect(accepted.json()).toEqual({ id: orgId, name: 'Harbour Compliance Ltd', role: 'member' });
    expect((await call(colleague, 'POST', '/api/orgs/invites/accept', { token })).statusCode).toBe(410);
    expect((await call(colleague, 'GET', '/api/orgs/current')).json().seats.used).toBe(2);

    const late = await buildSignedInUser(t.db);
    const expiring = await call(owner, 'POST', `/api/orgs/${orgId}/invites`, {
      email: late.user.email,
      role: 'viewer',
    });
    const lateMail = await smtp.waitForMessage((m) => m.to.includes(late.user.email));
    await t.db
      .update(orgInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orgInvites.id, expiring.json().id));
    const lateToken = rememberSecret(/token=([A-Za-z0-9_-]+)/.exec(lateMail.text)![1]!);
    const expired = await call(late, 'POST', '/api/orgs/invites/accept', { token: lateToken });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('invite_expired');
  });

  it('keeps the organisation hidden from outsiders and read-only for viewers', async () => {
    const { owner, orgId } = await orgWithOwner();
    const viewer = await join(orgId, owner, 'viewer');
    const outsider = await premium();
    for (const [method, url, body] of [
      ['GET', `/api/orgs/${orgId}/watchlist`, undefined],
      ['POST', `/api/orgs/${orgId}/invites`, { email: 'x@example.test', role: 'member' }],
      ['PATCH', `/api/orgs/${orgId}/members/${owner.user.id}`, { role: 'admin' }],
      ['DELETE', `/api/orgs/${orgId}/members/${owner.user.id}`, undefined],
      ['POST', `/api/orgs/${orgId}/seats`, { add: 1 }],
      ['GET', `/api/orgs/${orgId}/activity`, undefined],
    ] as const) {
      const res = await call(outsider, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('org_not_found');
    }
    const write = await call(viewer, 'POST', `/api/orgs/${orgId}/invites`, {
      email: 'y@example.test',
      role: 'member',
    });
    expect(write.statusCode).toBe(403);
    expect(
      (await call(viewer, 'PATCH', `/api/orgs/${orgId}/members/${owner.user.id}`, { role: 'viewer' }))
        .statusCode,
    ).toBe(403);
    expect((await call(viewer, 'GET', `/api/orgs/${orgId}/watchlist`)).statusCode).toBe(200);
  });

  it('changes roles and removes members; admins cannot touch owners; the last owner cannot leave', async () => {
    const { owner, orgId } = await orgWithOwner();
    const admin = await join(orgId, owner, 'admin');
    const member = await join(orgId, admin, 'member');
    expect(
      (await call(admin, 'PATCH', `/api/orgs/${orgId}/members/${member.user.id}`, { role: 'owner' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'PATCH', `/api/orgs/${orgId}/members/${member.user.id}`, { role: 'viewer' })).json(),
    ).toEqual({
      userId: member.user.id,
      role: 'viewer',
    });
    expect((await call(admin, 'DELETE', `/api/orgs/${orgId}/members/${owner.user.id}`)).statusCode).toBe(403);
    const last = await call(owner, 'DELETE', `/api/orgs/${orgId}/members/${owner.user.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('last_owner');
    expect(
      (await call(owner, 'PATCH', `/api/orgs/${orgId}/members/${owner.user.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(owner, 'PATCH', `/api/orgs/${orgId}/members/999999`, { role: 'admin' })).statusCode,
    ).toBe(404);
    expect(
      (await call(owner, 'PATCH', `/api/orgs/${orgId}/members/${admin.user.id}`, { role: 'boss' }))
        .statusCode,
    ).toBe(400);
    expect((await call(admin, 'DELETE', `/api/orgs/${orgId}/members/${member.user.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(member, 'GET', `/api/orgs/${orgId}/watchlist`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/orgs/${orgId}/members/${admin.user.id}`)).statusCode).toBe(204);
    const current = (await call(owner, 'GET', '/api/orgs/current')).json();
    expect(current.members.map((m: { userId: number }) => m.userId)).toEqual([owner.user.id]);
  });

  it('runs out of seats, then buys more in test mode: the seat count follows the confirmed checkout', async () => {
    const { owner, orgId } = await orgWithOwner();
    for (let i = 0; i < 4; i++) await join(orgId, owner, 'member');
    const sixth = await buildSignedInUser(t.db);
    const full = await call(owner, 'POST', `/api/orgs/${orgId}/invites`, {
      email: sixth.user.email,
      role: 'member',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('no_seats');

    expect((await call(owner, 'POST', `/api/orgs/${orgId}/seats`, { add: 0 })).statusCode).toBe(400);
    const bought = await call(owner, 'POST', `/api/orgs/${orgId}/seats`, { add: 2 });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ testMode: true, quantity: 2, clientSecret: expect.any(String) });
    const clientSecret = rememberSecret(bought.json().clientSecret);
    expect((await call(owner, 'GET', '/api/orgs/current')).json().seats.purchased).toBe(0);
    const confirmed = await call(owner, 'POST', '/api/billing/test-mode/confirm', { clientSecret });
    expect(confirmed.statusCode).toBe(200);
    const seats = (await call(owner, 'GET', '/api/orgs/current')).json().seats;
    expect(seats).toEqual({ included: 5, purchased: 2, used: 5 });
    expect((await call(owner, 'GET', '/api/auth/user')).json().subscriptionTier).toBe('premium');
    await join(orgId, owner, 'member', sixth);
  });

  it('lets only owners buy seats', async () => {
    const { owner, orgId } = await orgWithOwner();
    const admin = await join(orgId, owner, 'admin');
    const res = await call(admin, 'POST', `/api/orgs/${orgId}/seats`, { add: 1 });
    expect(res.statusCode).toBe(403);
  });
});
