import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  legislationTypes,
  newsArticles,
  newsCaches,
  notifications,
  outbox,
  sessions,
  users,
} from '#server/db/schema';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser, buildUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import { post, uniqueEmail, uniqueIp } from './auth-helpers';

const ADMIN_PASSWORD = rememberSecret('console admin passphrase for tests');
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** Every admin read the console makes; each must refuse visitors and members. */
const READS = [
  '/api/admin/system-stats',
  '/api/admin/users',
  '/api/admin/audit-log',
  '/api/admin/database-stats',
  '/api/admin/notification-logs',
  '/api/admin/news-cache',
  '/api/admin/search-terms',
  '/api/admin/system-health',
  '/api/admin/legislation-availability',
  '/api/admin/phase-2-results',
  '/api/admin/phase-3-status',
  '/api/admin/monitoring-logs',
  '/api/admin/legislation-sync-cache',
];

describe.skipIf(postgresUnavailable())('administrator console', () => {
  let t: TestApp;
  let admin: { cookies: Record<string, string>; csrf: string };

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_PASSWORD } });
    const res = await post(t, '/api/admin/login', { password: ADMIN_PASSWORD }, { ip: uniqueIp() });
    const token = rememberSecret(cookieOf(res, 'lw_admin')!.value);
    const csrf = rememberSecret(cookieOf(res, 'csrf-token')!.value);
    admin = { cookies: { lw_admin: token, 'csrf-token': csrf }, csrf };
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, cookies: admin.cookies });
  const write = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, csrf = true) =>
    t.app.inject({
      method,
      url,
      cookies: admin.cookies,
      headers: csrf ? { 'x-csrf-token': admin.csrf } : {},
      ...(payload ? { payload } : {}),
    });

  it('refuses visitors and members (401) and answers the administrator with no-store', async () => {
    const member = await buildSignedInUser(t.db);
    for (const url of READS) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode, url).toBe(401);
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('refuses every write without the CSRF header (403)', async () => {
    const user = await buildUser(t.db, { email: uniqueEmail() });
    const writes: ['POST' | 'PUT' | 'PATCH' | 'DELETE', string, object?][] = [
      ['PATCH', `/api/admin/users/${user.id}`, { suspended: true }],
      ['DELETE', `/api/admin/users/${user.id}`],
      ['POST', '/api/admin/outbox/1/retry'],
      ['PUT', '/api/admin/legislation-availability', { availability: { ukLocalActs: false } }],
      ['POST', '/api/admin/initialize-legislation-defaults'],
      ['POST', '/api/admin/test-phase-21', { testEmail: 'ops@example.com' }],
      ['POST', '/api/admin/trigger-news-fetch'],
    ];
    for (const [method, url, body] of writes) {
      const res = await write(method, url, body, false);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('csrf_invalid');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.suspendedAt).toBeNull();
  });

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

  it('reports the database, the system health and the overview from real data', async () => {
    const db = (await get('/api/admin/database-stats')).json();
    expect(db.mode).toBe(t.database.mode === 'postgres' ? 'postgres' : 'embedded');
    expect(db.migrationsApplied).toBeGreaterThanOrEqual(8);
    expect(db.tables.map((x: { name: string }) => x.name)).toContain('legal_changes');

    const health = (await get('/api/admin/system-health')).json();
    expect(health.services.find((s: { name: string }) => s.name === 'Database').status).toBe('healthy');
    expect(health.services.find((s: { name: string }) => s.name === 'Email').description).toMatch(
      /Embedded default/,
    );
    expect(health.issues.length).toBe(
      health.services.filter((s: { status: string }) => s.status !== 'healthy').length,
    );

    await buildUser(t.db, { email: uniqueEmail('premium'), subscriptionTier: 'premium' });
    const stats = (await get('/api/admin/system-stats')).json();
    expect(stats.membersByTier.premium).toBeGreaterThanOrEqual(1);
    expect(stats.userCount).toBeGreaterThanOrEqual(1);
  });

  it('lists the news cache of the last day with its articles', async () => {
    const item = await buildLegalChange(t.db, { title: 'Harbours Bill' });
    const [cache] = await t.db
      .insert(newsCaches)
      .values({
        legalChangeId: item.id,
        searchQuery: 'Harbours Bill',
        fetchSuccess: true,
        totalArticlesCount: 1,
      })
      .returning();
    await t.db.insert(newsArticles).values({
      legalChangeId: item.id,
      url: 'https://news.example/harbours',
      title: 'Harbours Bill passes second reading',
      source: 'news.example',
      provider: 'test',
    });
    const list = (await get('/api/admin/news-cache')).json();
    expect(list.entries.find((e: { id: number }) => e.id === cache!.id)).toMatchObject({
      title: 'Harbours Bill',
    });
    const articles = (await get(`/api/admin/news-cache/${cache!.id}/articles`)).json();
    expect(articles.articles[0]).toMatchObject({
      title: 'Harbours Bill passes second reading',
      url: 'https://news.example/harbours',
    });
    expect((await get('/api/admin/news-cache/2147483000/articles')).statusCode).toBe(404);
  });

  it('regenerates an item’s news search terms', async () => {
    const item = await buildLegalChange(t.db, { title: 'Renters’ Rights Bill [HL]' });
    const res = await write('POST', `/api/admin/search-terms/${item.id}/regenerate`, { isPrimary: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().searchTerms.official).toEqual(['Renters’ Rights Bill [HL]']);
    const terms = (await get('/api/admin/search-terms')).json();
    expect(terms.newsTerms.some((x: { id: number }) => x.id === item.id)).toBe(true);
    expect((await get(`/api/admin/legislation-search-terms/${item.id}?isPrimary=true`)).statusCode).toBe(200);
    expect((await get(`/api/admin/legislation-search-terms/${item.id}?isPrimary=maybe`)).statusCode).toBe(
      400,
    );
  });

  it('switches legislation types globally, keeps one on unless overridden, and applies recommended defaults', async () => {
    const off = await write('PUT', '/api/admin/legislation-availability', {
      availability: { ukLocalActs: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().availability.ukLocalActs).toBe(false);
    expect(off.json().enabledCount).toBe(off.json().totalCount - 1);
    const [row] = await t.db
      .select()
      .from(legislationTypes)
      .where(eq(legislationTypes.preferenceKey, 'ukLocalActs'));
    expect(row!.globallyAvailable).toBe(false);

    expect(
      (await write('PUT', '/api/admin/legislation-availability', { availability: { notAType: true } }))
        .statusCode,
    ).toBe(400);
    const everyOff = Object.fromEntries(Object.keys(off.json().availability).map((k) => [k, false]));
    expect(
      (await write('PUT', '/api/admin/legislation-availability', { availability: everyOff })).statusCode,
    ).toBe(400);

    const defaults = await write('POST', '/api/admin/initialize-legislation-defaults');
    expect(defaults.json()).toMatchObject({ message: 'Recommended defaults applied', totalItemsEnabled: 13 });
    expect(defaults.json().availability.ukDraftStatutoryInstruments).toBe(false);
    expect(defaults.json().availability.ukLocalActs).toBe(true);
  });

  it('sends real test messages through the outbox and computes the Phase 2 figures from them', async () => {
    const email = await write('POST', '/api/admin/test-phase-21', { testEmail: 'ops@example.com' });
    expect(email.statusCode).toBe(200);
    expect(email.json()).toMatchObject({ success: true, error: null });
    const [queued] = await t.db.select().from(outbox).where(eq(outbox.id, email.json().ids[0]));
    expect(queued).toMatchObject({ channel: 'email', kind: 'test', recipient: 'ops@example.com' });

    expect((await write('POST', '/api/admin/test-phase-21', {})).statusCode).toBe(400);
    expect(
      (await write('POST', '/api/admin/test-phase-22', { testPhoneNumber: 'not a number' })).statusCode,
    ).toBe(400);
    expect(
      (await write('POST', '/api/admin/test-phase-22', { testPhoneNumber: '07911 123456' })).json().success,
    ).toBe(true);

    const member = await buildUser(t.db, { email: uniqueEmail('inapp') });
    const inApp = await write('POST', '/api/admin/test-phase-23', { testUserId: String(member.id) });
    expect(inApp.json().success).toBe(true);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, member.id))).toHaveLength(
      1,
    );
    expect((await write('POST', '/api/admin/test-phase-23', { testUserId: 2147483000 })).statusCode).toBe(
      404,
    );

    const results = (await get('/api/admin/phase-2-results')).json().results;
    expect(results.phase21.totalSent).toBeGreaterThanOrEqual(1);
    expect(results.phase23.totalShown).toBeGreaterThanOrEqual(1);
    expect(results.phase23.engagementRate).toBeGreaterThanOrEqual(0);

    for (const path of [
      'test-phase-3-1',
      'test-phase-3-2',
      'test-direct-unified-notifications',
      'test-verification-notifications',
    ]) {
      const res = await write('POST', `/api/admin/${path}`, { testEmail: 'ops@example.com' });
      expect(res.statusCode, path).toBe(200);
      expect(res.json().success, path).toBe(true);
    }
    const status = (await get('/api/admin/phase-3-status')).json();
    expect(status.channels.map((c: { name: string }) => c.name)).toEqual([
      'News notifications',
      'Legislative notifications',
      'Verification notifications',
    ]);
  });
});
