/** A member's settings and account: profile, password, email address, export and deletion. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { legislationTypes, outbox, sessions, users } from '#server/db/schema';
import { forgetGlobalAvailability } from '#server/modules/settings/legislation-types';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSession } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import { latestMessage, settle, uniqueEmail } from './auth-helpers';
import { PASSWORD, settingsCalls } from './settings-account-setup';

describe.skipIf(postgresUnavailable())('settings and the member’s account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.update(legislationTypes).set({ globallyAvailable: true });
    forgetGlobalAvailability(t.app.caches.typeAvailability);
  });

  const { call, member } = settingsCalls(() => t);

  it('saves profile settings and answers them on the current user', async () => {
    const m = await member();
    const res = await call('PUT', '/api/user/settings', m.headers, {
      firstName: 'Ada',
      companyName: 'Harbour Board',
      language: 'ja',
      timezone: 'Asia/Tokyo',
    });
    expect(res.statusCode).toBe(200);
    const me = (await call('GET', '/api/auth/user', m.headers)).json();
    expect(me).toMatchObject({
      firstName: 'Ada',
      companyName: 'Harbour Board',
      language: 'ja',
      timezone: 'Asia/Tokyo',
    });
    for (const bad of [
      { language: 'xx' },
      { timezone: 'Mars/Olympus' },
      { email: 'a@b.c' },
      {},
      { firstName: '' },
    ])
      expect((await call('PUT', '/api/user/settings', m.headers, bad)).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
  });

  it('changes the password with the current one, ends every other session and emails the member', async () => {
    const m = await member();
    const otherBrowser = await buildSession(t.db, m.user.id);
    const wrong = await call('POST', '/api/auth/change-password', m.headers, {
      currentPassword: 'not it at all',
      newPassword: 'Another long passphrase 42',
    });
    expect(wrong.statusCode).toBe(403);
    const newPassword = rememberSecret(`Fresh tide tables ${Date.now()}`);
    const res = await call('POST', '/api/auth/change-password', m.headers, {
      currentPassword: PASSWORD,
      newPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionsEnded).toBe(1);
    expect(
      (await call('GET', '/api/auth/user', { authorization: `Bearer ${otherBrowser}` })).statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/auth/user', m.headers)).statusCode).toBe(200);
    const mail = await latestMessage(t, m.user.email, 'password_changed');
    expect(mail?.subject).toBe('Your Lexwatch password was changed');
    expect(
      (
        await call('POST', '/api/auth/change-password', m.headers, {
          currentPassword: newPassword,
          newPassword: 'short',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('changes the email address only after the code sent to the new address, and tells the old one', async () => {
    const m = await member();
    const newEmail = uniqueEmail('moved');
    const res = await call('POST', '/api/auth/change-email', m.headers, {
      currentPassword: PASSWORD,
      newEmail,
    });
    expect(res.statusCode).toBe(200);
    await settle(t);
    expect((await t.db.select().from(users).where(eq(users.id, m.user.id)))[0]!.email).toBe(m.user.email);
    const told = await latestMessage(t, m.user.email, 'email_changed');
    expect(told?.bodyText).toContain(newEmail);
    const codeMail = await latestMessage(t, newEmail, 'verification');
    const code = rememberSecret(/: (\d{6})\b/.exec(codeMail!.bodyText)![1]!);
    expect(
      (
        await call('POST', '/api/auth/change-email/verify', m.headers, {
          code: code === '000000' ? '111111' : '000000',
        })
      ).statusCode,
    ).toBe(400);
    const ok = await call('POST', '/api/auth/change-email/verify', m.headers, { code });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/user', m.headers)).json().email).toBe(newEmail);

    const taken = await member();
    const conflict = await call('POST', '/api/auth/change-email', m.headers, {
      currentPassword: PASSWORD,
      newEmail: taken.user.email,
    });
    expect(conflict.statusCode).toBe(409);
  });

  it('exports everything about the member as a JSON download, and nothing of another member', async () => {
    const m = await member();
    const other = await member();
    const item = await buildLegalChange(t.db, { title: 'Export Harbour Bill' });
    await call('POST', `/api/legal-changes/${item.id}/action`, m.headers, { action: 'followed' });
    await call('POST', '/api/user/search-terms', m.headers, { searchTerm: 'tidal energy' });
    await call('POST', '/api/user/search-terms', other.headers, { searchTerm: 'other members term' });
    const res = await call('GET', '/api/user/export', m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="lexwatch-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.profile.email).toBe(m.user.email);
    expect(data.followsAndDismissals).toEqual([
      expect.objectContaining({ legalChangeId: item.id, action: 'followed' }),
    ]);
    expect(data.searchTerms.map((s: { term: string }) => s.term)).toEqual(['tidal energy']);
    expect(res.body).not.toContain(other.user.email);
    expect(res.body).not.toContain('other members term');
    expect(res.body).not.toContain('password');
  });

  it('deletes the account after the password and typed email: sign-in refused, the address free again, sessions gone', async () => {
    const m = await member();
    expect(
      (
        await call('DELETE', '/api/user/account', m.headers, {
          password: PASSWORD,
          confirmEmail: 'someone@else.test',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('DELETE', '/api/user/account', m.headers, {
          password: 'wrong password',
          confirmEmail: m.user.email,
        })
      ).statusCode,
    ).toBe(403);
    const res = await call('DELETE', '/api/user/account', m.headers, {
      password: PASSWORD,
      confirmEmail: m.user.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, m.user.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, m.user.id))).toHaveLength(0);
    expect((await call('GET', '/api/auth/user', m.headers)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', {}, { email: m.user.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
    await settle(t);
    const [goodbye] = await t.db.select().from(outbox).where(eq(outbox.recipient, m.user.email));
    expect(goodbye).toMatchObject({ kind: 'account_deleted', userId: null });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: m.user.email, password: PASSWORD, firstName: 'Ada', lastName: 'Again' },
    });
    expect(again.statusCode).toBeLessThan(300);
  });
});
