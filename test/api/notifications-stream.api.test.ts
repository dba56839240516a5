import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, notifications, sessions, userActions } from '#server/db/schema';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { HEARTBEAT_MS, streamSettings } from '#server/modules/notifications/notification-stream';
import { NOTIFICATIONS_CHANNEL, notifier } from '#server/modules/notifications/notifier';
import { hashToken } from '#server/plugins/session';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import {
  buildLegalChange,
  buildNotification,
  buildSession,
  buildSignedInUser,
} from '#test/support/factories';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';

interface StreamEvent {
  id: string | null;
  event: string | null;
  data: string;
}

/**
 * Reads a text/event-stream over real HTTP, on a connection of its own (as a browser's
 * EventSource has): closing it closes that connection, and nothing is pooled between tests.
 */
async function openStream(url: string, headers: Record<string, string>) {
  const request = http.get(url, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
    request.once('response', resolve).once('error', reject),
  );
  const res = {
    status: response.statusCode,
    headers: { get: (name: string) => response.headers[name] ?? null },
  };
  const events: StreamEvent[] = [];
  const heartbeats: number[] = [];
  let raw = '';
  let notify = () => {};
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    raw += chunk;
    let cut: number;
    while ((cut = raw.indexOf('\n\n')) >= 0) {
      const frame = raw.slice(0, cut).split('\n');
      raw = raw.slice(cut + 2);
      const value = (name: string) =>
        frame.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
      if (value('data') !== null)
        events.push({ id: value('id'), event: value('event'), data: value('data')! });
      if (frame.includes(': heartbeat')) heartbeats.push(Date.now());
      notify();
    }
  });
  let closedByTest = false;
  const ended = new Promise<'ended by the server' | 'closed by the test'>((resolve) => {
    response.once('end', () => resolve('ended by the server'));
    response.once('close', () => resolve(closedByTest ? 'closed by the test' : 'ended by the server'));
  });
  const nextEvent = (count: number, timeoutMs = 3000) =>
    new Promise<StreamEvent[]>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${events.length} events after ${timeoutMs} ms`)),
        timeoutMs,
      );
      notify = () => {
        if (events.length >= count) {
          clearTimeout(timer);
          resolve(events);
        }
      };
      notify();
    });
  const close = () => {
    closedByTest = true;
    request.destroy();
  };
  return { res, events, heartbeats, nextEvent, ended, close };
}

/** Resolves with how the stream ended, or with 'still open' after `ms`. */
const endedWithin = (stream: { ended: Promise<string> }, ms: number) =>
  Promise.race([stream.ended, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms))]);

const sessionIdOf = async (db: TestApp['db'], token: string) =>
  (
    await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]!.id;

describe.skipIf(postgresUnavailable())('GET /api/notifications/stream', () => {
  let database: TestDatabase;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    // on PostgreSQL the app LISTENs, as a deployment with several web processes does
    t = await buildTestApp({
      database,
      env: database.mode === 'postgres' ? { DATABASE_URL: database.url } : {},
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await t.close().catch(() => {});
    await database.destroy();
  });

  it('answers 401 without a session', async () => {
    const res = await fetch(`${base}/api/notifications/stream`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it('sends a notification written the moment the stream answers: the browser re-reads its list on open, the stream has everything after', async () => {
    const me = await buildSignedInUser(t.db);
    const before = await buildNotification(t.db, me.user.id, { title: 'Before the stream' });
    const stream = await openStream(`${base}/api/notifications/stream`, me.headers);
    // written as soon as the answer starts, the earliest a browser can read its list
    const after = await buildNotification(t.db, me.user.id, { title: 'Right after it opened' });
    const events = await stream.nextEvent(1, 2000);
    expect(events.map((e) => JSON.parse(e.data).id)).toEqual([after.id]);
    expect(events.map((e) => Number(e.id))).not.toContain(before.id);
    stream.close();
  });

  it('pushes a new notification within a second of the matcher committing it', async () => {
    const me = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    const stream = await openStream(`${base}/api/notifications/stream`, me.headers);
    const otherStream = await openStream(`${base}/api/notifications/stream`, other.headers);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');

    const item = await buildLegalChange(t.db, { title: 'Canals Bill' });
    await t.db.insert(userActions).values({ userId: me.user.id, legalChangeId: item.id, action: 'followed' });
    await t.db
      .insert(changeEvents)
      .values({ legalChangeId: item.id, kind: 'amendments_added', after: { count: 2 } });
    await matchAlerts(t.db, { notifyPostgres: database.mode === 'postgres' });
    // committed: the stream must have it within a second
    const [event] = await stream.nextEvent(1, 1000);
    expect(event!.event).toBe('notification');
    const body = JSON.parse(event!.data);
    expect(body).toMatchObject({
      type: 'update',
      title: 'New amendments: Canals Bill',
      message: '2 new amendments tabled.',
      read: false,
      legislationId: item.id,
    });
    expect(event!.id).toBe(String(body.id));
    expect(otherStream.events).toEqual([]);
    stream.close();
    otherStream.close();
  });

  it('replays what was missed after Last-Event-ID', async () => {
    const me = await buildSignedInUser(t.db);
    const values = (title: string) => ({
      userId: me.user.id,
      type: 'news',
      title,
      message: 'An article.',
      dedupeKey: `test:${randomUUID()}`,
    });
    const [seen] = await t.db.insert(notifications).values(values('Seen')).returning();
    await t.db.insert(notifications).values(values('Missed'));
    const stream = await openStream(`${base}/api/notifications/stream`, {
      ...me.headers,
      'last-event-id': String(seen!.id),
    });
    const [event] = await stream.nextEvent(1);
    expect(JSON.parse(event!.data).title).toBe('Missed');
    stream.close();
  });

  it('delivers a notification whose transaction committed after a later-numbered one', async () => {
    const me = await buildSignedInUser(t.db);
    const stream = await openStream(`${base}/api/notifications/stream`, me.headers);
    // an id handed out to a transaction that has not committed yet
    const { rows } = await database.pool.query<{ id: string }>(
      `select nextval(pg_get_serial_sequence('notifications', 'id')) as id`,
    );
    const reserved = Number(rows[0]!.id);
    const values = (title: string) => ({
      userId: me.user.id,
      type: 'news',
      title,
      message: 'An article.',
      dedupeKey: `test:${randomUUID()}`,
    });
    const [first] = await t.db.insert(notifications).values(values('First to commit')).returning();
    notifier.published(first!.id);
    await stream.nextEvent(1);
    await t.db.insert(notifications).values({ ...values('Committed late'), id: reserved });
    notifier.published(reserved);
    const events = await stream.nextEvent(2);
    expect(events.map((e) => JSON.parse(e.data).title)).toEqual(['First to commit', 'Committed late']);
    notifier.published(reserved);
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.events).toHaveLength(2);
    stream.close();
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'hears notifications written by another process through LISTEN/NOTIFY',
    async () => {
      const me = await buildSignedInUser(t.db);
      const stream = await openStream(`${base}/api/notifications/stream`, me.headers);
      await new Promise((r) => setTimeout(r, 200)); // the LISTEN connection opens with the first stream
      const writer = new pg.Client({ connectionString: database.url });
      await writer.connect();
      try {
        await writer.query('begin');
        const { rows } = await writer.query(
          `insert into notifications (user_id, type, title, message, dedupe_key) values ($1, 'news', 'From a worker', 'An article.', $2) returning id`,
          [me.user.id, `test:${randomUUID()}`],
        );
        await writer.query('select pg_notify($1, $2)', [NOTIFICATIONS_CHANNEL, String(rows[0].id)]);
        await writer.query('commit');
      } finally {
        await writer.end();
      }
      const [event] = await stream.nextEvent(1, 1000);
      expect(JSON.parse(event!.data).title).toBe('From a worker');
      stream.close();
    },
  );

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
    streamSettings.heartbeatMs = 250;
    const fast = await buildTestApp({
      database,
      env: database.mode === 'postgres' ? { DATABASE_URL: database.url } : {},
    });
    streamSettings.heartbeatMs = HEARTBEAT_MS;
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
      notifier.published(row!.id);
      const [event] = await streams.kept.nextEvent(1);
      expect(JSON.parse(event!.data).title).toBe('Still live');
      streams.kept.close();
    } finally {
      streamSettings.heartbeatMs = HEARTBEAT_MS;
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
