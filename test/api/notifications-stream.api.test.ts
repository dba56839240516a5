/** The notification stream: what it sends, pushes and replays. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, notifications, userActions } from '#server/db/schema';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { NOTIFICATIONS_CHANNEL } from '#server/modules/notifications/notifier';
import type { TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildNotification, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import { openStream, startListeningApp, stopListeningApp } from './notifications-stream-setup';

describe.skipIf(postgresUnavailable())('GET /api/notifications/stream', () => {
  let database: TestDatabase;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ database, t, base } = await startListeningApp());
  });
  afterAll(() => stopListeningApp({ database, t }));

  it('answers 401 without a session', async () => {
    const res = await fetch(`${base}/api/notifications/stream`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it('sends a notification written the moment the stream answers: the browser re-reads its list on open, the stream has everything after', async () => {
    const me = await buildSignedInUser(t.db);
    const before = await buildNotification(t, me.user.id, { title: 'Before the stream' });
    const stream = await openStream(`${base}/api/notifications/stream`, me.headers);
    // written as soon as the answer starts, the earliest a browser can read its list
    const after = await buildNotification(t, me.user.id, { title: 'Right after it opened' });
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
    await matchAlerts(t.db, {
      notifyPostgres: database.mode === 'postgres',
      notifier: t.app.caches.notifier,
    });
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
    t.app.caches.notifier.published(first!.id);
    await stream.nextEvent(1);
    await t.db.insert(notifications).values({ ...values('Committed late'), id: reserved });
    t.app.caches.notifier.published(reserved);
    const events = await stream.nextEvent(2);
    expect(events.map((e) => JSON.parse(e.data).title)).toEqual(['First to commit', 'Committed late']);
    t.app.caches.notifier.published(reserved);
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
});
