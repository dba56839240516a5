/** The notification stream ends with its session, and when the server closes. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sessions } from '#server/db/schema';
import { hashToken } from '#server/plugins/session';
import { HEARTBEAT_MS } from '#server/modules/notifications/notification-stream';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSession, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import {
  endedWithin,
  openStream,
  sessionIdOf,
  startListeningApp,
  stopListeningApp,
} from './notifications-stream-setup';

describe.skipIf(postgresUnavailable())('GET /api/notifications/stream', () => {
  let database: TestDatabase;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ database, t, base } = await startListeningApp());
  });
  afterAll(() => stopListeningApp({ database, t }));

  it('ends the stream of a session when its member signs out, and only that one', async () => {
    // the heartbeat (and its session re-check) is 15 s away: only sign-out itself can end the stream in time
    expect(HEARTBEAT_MS).toBe(15_000);
    const me = await buildSignedInUser(t.db);
    const otherDevice = await buildSession(t.db, me.user.id);
    const stream = await openStream(`${base}/api/notifications/stream`, me.headers);
    const otherStream = await openStream(`${base}/api/notifications/stream`, {
      authorization: `Bearer ${otherDevice}`,
    });
    expect(stream.res.status).toBe(200);
    expect(otherStream.res.status).toBe(200);

    const logout = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: me.headers });
    expect(logout.status).toBe(200);
    await logout.body?.cancel();
    expect(await endedWithin(stream, 2000)).toBe('ended by the server');
    expect(await endedWithin(otherStream, 300)).toBe('still open');
    // the browser's reconnect is refused
    const again = await fetch(`${base}/api/notifications/stream`, { headers: me.headers });
    expect(again.status).toBe(401);
    await again.body?.cancel();
    otherStream.close();
  });

  it('ends the stream of a session ended from the sessions list on another device', async () => {
    const me = await buildSignedInUser(t.db);
    const laptop = await buildSession(t.db, me.user.id);
    const laptopStream = await openStream(`${base}/api/notifications/stream`, {
      authorization: `Bearer ${laptop}`,
    });
    const myStream = await openStream(`${base}/api/notifications/stream`, me.headers);
    const other = await buildSignedInUser(t.db);
    const otherStream = await openStream(`${base}/api/notifications/stream`, other.headers);

    const res = await fetch(`${base}/api/auth/sessions/${await sessionIdOf(t.db, laptop)}`, {
      method: 'DELETE',
      headers: me.headers,
    });
    expect(res.status).toBe(200);
    await res.body?.cancel();
    expect(await endedWithin(laptopStream, 2000)).toBe('ended by the server');
    expect(await endedWithin(myStream, 300)).toBe('still open');
    expect(await endedWithin(otherStream, 0)).toBe('still open');
    myStream.close();
    otherStream.close();
  });

  it('re-checks sessions at each heartbeat: a session deleted by another process or expired ends its stream', async () => {
    const fast = await buildTestApp({
      database,
      env: database.mode === 'postgres' ? { DATABASE_URL: database.url } : {},
      deps: { notificationHeartbeatMs: 250 },
    });
    try {
      await fast.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(fast.app.server.address() as { port: number }).port}/api/notifications/stream`;
      const deleted = await buildSignedInUser(t.db);
      const expired = await buildSignedInUser(t.db);
      const kept = await buildSignedInUser(t.db);
      const streams = {
        deleted: await openStream(url, deleted.headers),
        expired: await openStream(url, expired.headers),
        kept: await openStream(url, kept.headers),
      };
      // heartbeats flow and a live session survives several re-checks
      await new Promise((r) => setTimeout(r, 900));
      expect(streams.kept.heartbeats.length).toBeGreaterThanOrEqual(2);
      expect(await endedWithin(streams.deleted, 0)).toBe('still open');

      // written straight to the database, as another web process (or a password reset there) would
      await t.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(deleted.token)));
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, hashToken(expired.token)));
      expect(await endedWithin(streams.deleted, 1500)).toBe('ended by the server');
      expect(await endedWithin(streams.expired, 500)).toBe('ended by the server');
      expect(await endedWithin(streams.kept, 600)).toBe('still open');

      // and it still delivers
      const [row] = await t.db
        .insert(notifications)
        .values({
          userId: kept.user.id,
          type: 'news',
          title: 'Still live',
          message: 'An article.',
          dedupeKey: `test:${randomUUID()}`,
        })
        .returning();
      fast.app.caches.notifier.published(row!.id);
      const [event] = await streams.kept.nextEvent(1);
      expect(JSON.parse(event!.data).title).toBe('Still live');
      streams.kept.close();
    } finally {
      await fast.close();
    }
  });

  it('ends open streams cleanly when the server closes', async () => {
    const me = await buildSignedInUser(t.db);
    const stream = await openStream(`${base}/api/notifications/stream`, me.headers);
    const closing = t.app.close();
    await Promise.race([
      stream.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 1000)),
    ]);
    await closing;
  });
});
