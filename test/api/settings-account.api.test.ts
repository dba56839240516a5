import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  changeEvents,
  legislationTypes,
  notifications,
  outbox,
  sessions,
  userActions,
  users,
} from '#server/db/schema';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { forgetGlobalAvailability } from '#server/modules/settings/legislation-types';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSession, buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import { hashPassword } from '#server/modules/auth/passwords';
import { latestMessage, settle, uniqueEmail } from './auth-helpers';

const PASSWORD = rememberSecret('Tidal locks of the Humber 1907');

describe.skipIf(postgresUnavailable())('settings and the member’s account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.update(legislationTypes).set({ globallyAvailable: true });
    forgetGlobalAvailability();
  });

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function member() {
    const m = await buildSignedInUser(t.db, {
      email: uniqueEmail('settings'),
      passwordHash: await hashPassword(PASSWORD),
    });
    return m;
  }

  it('answers 401 to visitors on every member endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/legislation-preferences'],
      ['PUT', '/api/user/legislation-preferences'],
      ['GET', '/api/user/followed-legislation-counts'],
      ['POST', '/api/user/dismiss-followed-by-types'],
      ['PUT', '/api/user/settings'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/auth/change-email'],
      ['POST', '/api/auth/change-email/verify'],
      ['GET', '/api/user/export'],
      ['DELETE', '/api/user/account'],
    ] as const) {
      const body = method === 'GET' ? undefined : {};
      const res = await call(method, url, {}, body);
      expect([400, 401], `${method} ${url}`).toContain(res.statusCode);
      if (method === 'GET') expect(res.statusCode).toBe(401);
    }
    // with a valid body the answer is 401, not a validation error
    expect((await call('PUT', '/api/user/settings', {}, { firstName: 'A' })).statusCode).toBe(401);
    expect((await call('PUT', '/api/user/legislation-preferences', {}, { ukpga: false })).statusCode).toBe(
      401,
    );
  });

  it('switches legislation types, refuses unknown codes and types the administrator switched off', async () => {
    const m = await member();
    const all = (await call('GET', '/api/user/legislation-preferences', m.headers)).json();
    expect(Object.keys(all)).toHaveLength(16);
    expect(all.ukpga).toBe(true);

    const off = await call('PUT', '/api/user/legislation-preferences', m.headers, { ukpga: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ ukpga: false, uksi: true });
    expect(
      (await call('PUT', '/api/user/legislation-preferences', m.headers, { notAType: true })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/user/legislation-preferences', m.headers, { ukpga: 'yes' })).statusCode,
    ).toBe(400);

    await t.db
      .update(legislationTypes)
      .set({ globallyAvailable: false })
      .where(eq(legislationTypes.code, 'ukla'));
    forgetGlobalAvailability();
    const global = (await call('GET', '/api/global/legislation-availability', {})).json();
    expect(global).toMatchObject({ ukla: false, ukpga: true });
    const refused = await call('PUT', '/api/user/legislation-preferences', m.headers, { ukla: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('legislation_type_unavailable');
  });

  it('counts follows per type, dismisses the follows of switched-off types, and hides those types from the list and search', async () => {
    const m = await member();
    const other = await member();
    const tag = `Quayside${Date.now()}`;
    const acts = [
      await buildLegalChange(t.db, {
        title: `${tag} Act One`,
        legislationType: 'ukpga',
        source: 'legislation_gov_uk',
      }),
      await buildLegalChange(t.db, {
        title: `${tag} Act Two`,
        legislationType: 'ukpga',
        source: 'legislation_gov_uk',
      }),
    ];
    const si = await buildLegalChange(t.db, {
      title: `${tag} Regulations`,
      legislationType: 'uksi',
      category: 'secondary',
      source: 'legislation_gov_uk',
    });
    for (const item of [...acts, si]) {
      await call('POST', `/api/legal-changes/${item.id}/action`, m.headers, { action: 'followed' });
      await call('POST', `/api/legal-changes/${item.id}/action`, other.headers, { action: 'followed' });
    }
    const counts = (await call('GET', '/api/user/followed-legislation-counts', m.headers)).json();
    expect(counts).toMatchObject({ ukpga: 2, uksi: 1, ukla: 0 });

    const dismissed = await call('POST', '/api/user/dismiss-followed-by-types', m.headers, {
      legislationTypes: ['ukpga'],
    });
    expect(dismissed.json()).toEqual({ dismissed: 2 });
    expect(
      (await call('POST', '/api/user/dismiss-followed-by-types', m.headers, { legislationTypes: ['nope'] }))
        .statusCode,
    ).toBe(400);
    await call('PUT', '/api/user/legislation-preferences', m.headers, { ukpga: false });

    const search = (headers: Record<string, string>) =>
      call('GET', `/api/legal-changes/search?q=${tag}&includeDismissed=true`, headers).then((r) =>
        r.json().data.map((d: { id: number }) => d.id),
      );
    expect(await search(m.headers)).toEqual([si.id]);
    // another member's switches and follows are untouched
    expect((await search(other.headers)).sort()).toEqual([...acts.map((a) => a.id), si.id].sort());
    const actions = await t.db.select().from(userActions).where(eq(userActions.userId, other.user.id));
    expect(actions.every((a) => a.action === 'followed')).toBe(true);

    const list = await call('GET', '/api/legal-changes?limit=50&includeDismissed=true', m.headers);
    expect(list.json().data.some((d: { legislationType: string }) => d.legislationType === 'ukpga')).toBe(
      false,
    );

    // switched off by the administrator: gone for everyone, visitors included
    await t.db
      .update(legislationTypes)
      .set({ globallyAvailable: false })
      .where(eq(legislationTypes.code, 'uksi'));
    forgetGlobalAvailability();
    expect(await search(other.headers)).not.toContain(si.id);
  });

  it('sends no alert for an item of a type the member switched off', async () => {
    const m = await member();
    await call('PUT', '/api/user/legislation-preferences', m.headers, { ukpga: false });
    const act = await buildLegalChange(t.db, {
      title: 'Harbour Dues Act',
      legislationType: 'ukpga',
      source: 'legislation_gov_uk',
    });
    const bill = await buildLegalChange(t.db, { title: 'Harbour Dues Bill' });
    await t.db.insert(userActions).values([
      { userId: m.user.id, legalChangeId: act.id, action: 'followed' },
      { userId: m.user.id, legalChangeId: bill.id, action: 'followed' },
    ]);
    await t.db.insert(changeEvents).values([
      { legalChangeId: act.id, kind: 'stage_changed' },
      { legalChangeId: bill.id, kind: 'stage_changed' },
    ]);
    await matchAlerts(t.db, { notifyPostgres: t.database.mode === 'postgres' });
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(rows.map((r) => r.legislationId)).toEqual([bill.id]);
  });

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
