/** The administrator console: who may use it, and its system reports, switches and test messages. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legislationTypes, newsArticles, newsCaches, notifications, outbox, users } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser, buildUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { uniqueEmail } from './auth-helpers';
import { ADMIN_PASSWORD, type Admin, adminCalls, signInAdmin } from './admin-console-setup';

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
  let admin: Admin;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_PASSWORD } });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const { get, write } = adminCalls(() => ({ t, admin }));

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

  it('reports the database, the system health and the overview from real data', async () => {
    const db = (await get('/api/admin/database-stats')).json();
    expect(db.mode).toBe(t.database.mode === 'postgres' ? 'postgres' : 'embedded');
    expect(db.migrationsApplied).toBeGreaterThanOrEqual(8);
    expect(db.tables.map((x: { name: string }) => x.name)).toContain('legal_changes');

    const health = (await get('/api/admin/system-health')).json();
    type Component = { name: string; state: string; detail: string };
    const component = (name: string) => health.components.find((c: Component) => c.name === name);
    expect(component('database').state).toBe('healthy');
    expect(component('email')).toMatchObject({ state: 'not_configured' });
    expect(component('email').detail).toMatch(/kept in the outbox/);
    // the embedded trial install: payments are simulated, and say so (not 'healthy')
    expect(component('payments')).toMatchObject({ state: 'test_mode' });
    expect(health.issues.length).toBe(
      health.components.filter((c: Component) => c.state === 'down' || c.state === 'degraded').length,
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
