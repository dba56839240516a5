/** The administrator console: the outbox viewer and managing members. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, sessions, users } from '#server/db/schema';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser, buildUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { uniqueEmail } from './auth-helpers';
import { ADMIN_PASSWORD, type Admin, adminCalls, signInAdmin } from './admin-console-setup';

describe.skipIf(postgresUnavailable())('administrator console', () => {
  let t: TestApp;
  let admin: Admin;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_PASSWORD } });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const { get, write } = adminCalls(() => ({ t, admin }));

  describe('Notifications: the outbox viewer', () => {
    it('shows a kept message in full (subject, text, HTML, full recipient), a sent one as metadata only', async () => {
      const kept = await enqueueMessage(t.db, {
        channel: 'email',
        kind: 'verification',
        recipient: 'Newcomer@Example.com',
        subject: 'Your Lexwatch code',
        bodyText: 'Your code is: 482913',
        bodyHtml: '<p>Your code is: <b>482913</b></p>',
      });
      await t.db.update(outbox).set({ status: 'kept' }).where(eq(outbox.id, kept!));
      const sent = await enqueueMessage(t.db, {
        channel: 'email',
        kind: 'alert',
        recipient: 'someone@example.com',
        subject: 'An alert',
        bodyText: 'private body text',
      });
      await t.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, sent!));

      const full = await get(`/api/admin/outbox/${kept}`);
      expect(full.statusCode).toBe(200);
      expect(full.json()).toMatchObject({
        id: kept,
        status: 'kept',
        bodyAvailable: true,
        subject: 'Your Lexwatch code',
        recipient: 'Newcomer@Example.com',
        text: 'Your code is: 482913',
        html: '<p>Your code is: <b>482913</b></p>',
      });
      const meta = await get(`/api/admin/outbox/${sent}`);
      expect(meta.json()).toMatchObject({ status: 'sent', bodyAvailable: false, text: null, html: null });
      expect(meta.json().recipient).toBe('s***@example.com');
      expect(meta.body).not.toContain('private body text');

      expect((await get('/api/admin/outbox/999999999')).statusCode).toBe(404);
      expect((await get('/api/admin/outbox/abc')).statusCode).toBe(400);
    });

    it('filters by channel, status, kind and the full recipient, shows it masked, and pages by cursor', async () => {
      const address = uniqueEmail('filter');
      for (let i = 0; i < 3; i++)
        await enqueueMessage(t.db, {
          channel: 'email',
          kind: 'digest',
          recipient: address,
          subject: `D${i}`,
          bodyText: 'x',
        });
      await enqueueMessage(t.db, {
        channel: 'sms',
        kind: 'phone_code',
        recipient: '+447911123456',
        bodyText: 'x',
      });

      const first = await get(
        `/api/admin/notification-logs?recipient=${encodeURIComponent(address.toUpperCase())}&limit=2`,
      );
      expect(first.statusCode).toBe(200);
      const page1 = first.json();
      expect(page1.logs).toHaveLength(2);
      expect(
        page1.logs.every(
          (l: { recipient: string }) =>
            l.recipient === `${address[0]}***${address.slice(address.indexOf('@'))}`,
        ),
      ).toBe(true);
      expect(page1.nextCursor).not.toBeNull();
      const page2 = (
        await get(
          `/api/admin/notification-logs?recipient=${encodeURIComponent(address)}&limit=2&cursor=${page1.nextCursor}`,
        )
      ).json();
      expect(page2.logs.map((l: { subject: string }) => l.subject)).toEqual(['D0']);
      expect(page2.nextCursor).toBeNull();

      const sms = (await get('/api/admin/notification-logs?channel=sms&kind=phone_code')).json();
      expect(sms.logs.length).toBeGreaterThan(0);
      expect(sms.logs.every((l: { type: string }) => l.type === 'sms')).toBe(true);
      expect(JSON.stringify(sms)).not.toContain('7911123456');

      for (const bad of ['channel=fax', 'status=lost', 'kind=DROP%20TABLE', 'cursor=-1', 'limit=1000'])
        expect((await get(`/api/admin/notification-logs?${bad}`)).statusCode, bad).toBe(400);
    });

    it('retries a failed message once and records it in the audit log', async () => {
      const id = await enqueueMessage(t.db, {
        channel: 'email',
        kind: 'alert',
        recipient: uniqueEmail(),
        subject: 's',
        bodyText: 'x',
      });
      const notFailed = await write('POST', `/api/admin/outbox/${id}/retry`);
      expect(notFailed.statusCode).toBe(409);
      await t.db
        .update(outbox)
        .set({ status: 'failed', attempts: 8, lastError: 'smtp down' })
        .where(eq(outbox.id, id!));
      const res = await write('POST', `/api/admin/outbox/${id}/retry`);
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id!));
      expect(row!.status).not.toBe('failed');
      expect(row!.attempts).toBeLessThanOrEqual(1);
      const audit = (await get('/api/admin/audit-log')).json();
      expect(audit.entries[0]).toMatchObject({
        action: 'outbox.retried',
        targetType: 'outbox',
        targetId: String(id),
      });
    });
  });

  describe('Users', () => {
    it('searches by email or name, pages by cursor, and shows a member in detail', async () => {
      const tag = `zq${Date.now()}`;
      const a = await buildUser(t.db, { email: uniqueEmail(tag), firstName: 'Ada' });
      const b = await buildUser(t.db, { email: uniqueEmail('other'), firstName: tag, lastName: 'Lovelace' });
      const found = (await get(`/api/admin/users?q=${tag}&limit=1`)).json();
      expect(found.users.map((u: { id: number }) => u.id)).toEqual([b.id]);
      const next = (await get(`/api/admin/users?q=${tag}&limit=1&cursor=${found.nextCursor}`)).json();
      expect(next.users.map((u: { id: number }) => u.id)).toEqual([a.id]);
      expect((await get(`/api/admin/users?q=%25`)).statusCode).toBe(200);

      const detail = await get(`/api/admin/users/${a.id}`);
      expect(detail.json()).toMatchObject({
        id: a.id,
        subscriptionTier: 'trial',
        suspended: false,
        follows: [],
        searchTerms: [],
      });
      expect((await get('/api/admin/users/0')).statusCode).toBe(400);
      expect((await get('/api/admin/users/2147483000')).statusCode).toBe(404);
    });

    it('changes the plan, suspends (ending every session at once and refusing sign-in) and restores', async () => {
      const member = await buildSignedInUser(t.db, { email: uniqueEmail('suspend') });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: member.headers })).statusCode,
      ).toBe(200);

      const tier = await write('PATCH', `/api/admin/users/${member.user.id}`, {
        subscriptionTier: 'premium',
      });
      expect(tier.statusCode).toBe(200);
      expect(tier.json().subscriptionTier).toBe('premium');

      const suspended = await write('PATCH', `/api/admin/users/${member.user.id}`, { suspended: true });
      expect(suspended.json()).toMatchObject({ suspended: true, activeSessions: 0 });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: member.headers })).statusCode,
      ).toBe(401);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0);

      const restored = await write('PATCH', `/api/admin/users/${member.user.id}`, { suspended: false });
      expect(restored.json().suspended).toBe(false);

      const actions = (await get('/api/admin/audit-log?limit=3'))
        .json()
        .entries.map((e: { action: string }) => e.action);
      expect(actions).toEqual(['user.restored', 'user.suspended', 'user.tier_changed']);

      for (const body of [{}, { subscriptionTier: 'gold' }, { suspended: 'yes' }, { role: 'admin' }])
        expect((await write('PATCH', `/api/admin/users/${member.user.id}`, body)).statusCode).toBe(400);
    });

    it('deletes a member with their personal data', async () => {
      const member = await buildSignedInUser(t.db, { email: uniqueEmail('delete') });
      const res = await write('DELETE', `/api/admin/users/${member.user.id}`);
      expect(res.statusCode).toBe(200);
      expect(await t.db.select().from(users).where(eq(users.id, member.user.id))).toHaveLength(0);
      expect((await write('DELETE', `/api/admin/users/${member.user.id}`)).statusCode).toBe(404);
    });
  });
});
