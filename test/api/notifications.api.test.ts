import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('/api/notifications', () => {
  let t: TestApp;
  let itemId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    itemId = (await buildLegalChange(t.db, { title: 'Harbours Bill' })).id;
  });
  afterAll(() => t.close());

  const notify = async (userId: number, overrides: Partial<typeof notifications.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(notifications)
      .values({
        userId,
        type: 'update',
        title: 'Stage change: Harbours Bill',
        message: 'Stage changed: 1st → 2nd.',
        legislationId: itemId,
        dedupeKey: `test:${randomUUID()}`,
        ...overrides,
      })
      .returning();
    return row!;
  };
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers });

  it.each([
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/in-app'],
    ['GET', '/api/notifications/stream'],
    ['PATCH', '/api/notifications/1/read'],
    ['POST', '/api/notifications/1/read'],
    ['POST', '/api/notifications/1/dismiss'],
    ['POST', '/api/notifications/read-all'],
    ['POST', '/api/notifications/abc/dismiss'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const res = await call(method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it("lists only the member's own notifications, newest first, in the spec's shape", async () => {
    const me = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    const older = await notify(me.user.id, {
      createdAt: new Date(Date.now() - 60_000),
      type: 'new',
      title: 'New: Harbours Bill',
    });
    const newer = await notify(me.user.id);
    await notify(other.user.id);
    const res = await call('GET', '/api/notifications', me.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((n: { id: number }) => n.id)).toEqual([newer.id, older.id]);
    expect(body[0]).toEqual({
      id: newer.id,
      type: 'update',
      title: 'Stage change: Harbours Bill',
      message: 'Stage changed: 1st → 2nd.',
      tab: 'timeline',
      read: false,
      isRead: false,
      timestamp: newer.createdAt.toISOString(),
      createdAt: newer.createdAt.toISOString(),
      legislationId: itemId,
    });
  });

  it('answers the panel with an unread count and a cheap 304 while nothing changed', async () => {
    const me = await buildSignedInUser(t.db);
    const a = await notify(me.user.id);
    await notify(me.user.id);
    const first = await call('GET', '/api/notifications/in-app', me.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().unreadCount).toBe(2);
    expect(first.json().notifications).toHaveLength(2);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const unchanged = await call('GET', '/api/notifications/in-app', {
      ...me.headers,
      'if-none-match': etag,
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    await call('POST', `/api/notifications/${a.id}/read`, me.headers);
    const afterRead = await call('GET', '/api/notifications/in-app', {
      ...me.headers,
      'if-none-match': etag,
    });
    expect(afterRead.statusCode).toBe(200);
    expect(afterRead.json().unreadCount).toBe(1);

    const etag2 = afterRead.headers.etag as string;
    await notify(me.user.id);
    const afterNew = await call('GET', '/api/notifications/in-app', {
      ...me.headers,
      'if-none-match': etag2,
    });
    expect(afterNew.statusCode).toBe(200);
    expect(afterNew.json().unreadCount).toBe(2);
  });

  it('marks read by PATCH or POST, only for the owner', async () => {
    const me = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    const mine = await notify(me.user.id);
    const patched = await call('PATCH', `/api/notifications/${mine.id}/read`, me.headers);
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: mine.id, read: true, isRead: true });
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${mine.id}/read`,
      headers: { ...me.headers, 'content-type': 'application/json' },
    });
    expect(posted.statusCode).toBe(200);

    const stranger = await call('PATCH', `/api/notifications/${mine.id}/read`, other.headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('notification_not_found');
    expect((await call('POST', '/api/notifications/999999999/read', me.headers)).statusCode).toBe(404);
    const bad = await call('POST', '/api/notifications/abc/read', me.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });

  it('dismisses from the panel (owner only) and marks all read', async () => {
    const me = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    const gone = await notify(me.user.id);
    const kept = await notify(me.user.id);
    expect((await call('POST', `/api/notifications/${gone.id}/dismiss`, other.headers)).statusCode).toBe(404);
    const res = await call('POST', `/api/notifications/${gone.id}/dismiss`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: gone.id, dismissed: true });
    const panel = (await call('GET', '/api/notifications/in-app', me.headers)).json();
    expect(panel.notifications.map((n: { id: number }) => n.id)).toEqual([kept.id]);
    expect(panel.unreadCount).toBe(1);

    const all = await call('POST', '/api/notifications/read-all', me.headers);
    expect(all.json()).toEqual({ updated: 1, unreadCount: 0 });
    expect((await call('GET', '/api/notifications/in-app', me.headers)).json().unreadCount).toBe(0);
  });

  it('keeps the panel to the newest 100', async () => {
    const me = await buildSignedInUser(t.db);
    await t.db.insert(notifications).values(
      Array.from({ length: 105 }, (_, i) => ({
        userId: me.user.id,
        type: 'news',
        title: `News ${i}`,
        message: 'An article.',
        legislationId: itemId,
        dedupeKey: `bulk:${randomUUID()}`,
      })),
    );
    const panel = (await call('GET', '/api/notifications/in-app', me.headers)).json();
    expect(panel.notifications).toHaveLength(100);
    expect(panel.unreadCount).toBe(105);
    expect((await call('GET', '/api/notifications', me.headers)).json()).toHaveLength(100);
  });
});
