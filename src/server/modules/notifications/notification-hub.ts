/**
 * The web process's side of notification streams. Each open stream is a subscriber with its
 * member and a cursor (the highest id it sent). A signal (from this process's notifier, or from
 * PostgreSQL NOTIFY when other processes write) wakes one query for every connected member at
 * once; signals that arrive during a query coalesce into one more. Ids are handed out before
 * commit, so a transaction can commit rows numbered below a cursor that already moved on: a
 * second query looks back over the last few minutes for those, and each stream remembers what
 * it sent in that window so nothing goes twice. A slow sweep covers a signal lost while the
 * LISTEN connection was re-opening. A new stream reads what it missed (a Last-Event-ID replay)
 * with a query of its own.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '#server/db/client';
import type { Notification } from '#shared/schemas/notifications';
import {
  lateNotifications,
  latestNotificationId,
  notificationsAfter,
  type NotificationRow,
} from './notifications.queries';
import { presentNotification } from './notifications.presenter';
import { type LocalNotifier, NOTIFICATIONS_CHANNEL, SESSIONS_CHANNEL } from './notifier';

interface Subscriber {
  userId: number;
  /** the id the stream started after: nothing at or below it is sent */
  floor: number;
  cursor: number;
  /** ids sent within the look-back window, with their creation time */
  sent: Map<number, number>;
  send(notification: Notification): void;
}

/** Rows per read: a broadcast to many connected members arrives in few reads. */
const PAGE = 5000;
/** How long a transaction may take between numbering a notification and committing it. */
export const LATE_COMMIT_WINDOW_SECONDS = 300;

export class NotificationHub {
  private readonly subscribers = new Set<Subscriber>();
  private delivering: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private listener: pg.Client | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private readonly stopLocal: () => void;

  constructor(
    private readonly db: Db,
    private readonly opts: {
      listenUrl: string | null;
      log: FastifyBaseLogger;
      /** this process's signal of new notifications (the app's) */
      notifier: LocalNotifier;
      sweepMs?: number;
      /** another process said member sessions may have ended (SESSIONS_CHANNEL) */
      onSessionsChanged?: () => void;
    },
  ) {
    this.stopLocal = opts.notifier.subscribe(() => this.wake());
  }

  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Where a new stream starts: after `fromId` (Last-Event-ID), or after the member's newest
   * notification. Read before the stream answers, so that anything written after the browser
   * sees the stream open (and re-reads its list) is sent on the stream.
   */
  async startingPoint(userId: number, fromId: number | null): Promise<number> {
    return fromId ?? (await latestNotificationId(this.db, { userId }));
  }

  /** Starts a stream that sends the member's notifications after `cursor` (see startingPoint). */
  subscribe(userId: number, cursor: number, send: Subscriber['send']): () => void {
    const subscriber: Subscriber = { userId, floor: cursor, cursor, sent: new Map(), send };
    this.subscribers.add(subscriber);
    this.listen();
    this.sweep ??= setInterval(() => this.wake(), this.opts.sweepMs ?? 15_000);
    this.sweep.unref();
    // what was committed while the stream was opening, read for this stream alone: streams open
    // one after another (a reconnecting crowd after a restart) without each reading for all
    this.catchUp(subscriber).catch((error) =>
      this.opts.log.warn({ err: error }, 'reading missed notifications for a new stream failed'),
    );
    return () => {
      this.subscribers.delete(subscriber);
      if (!this.subscribers.size && this.sweep) {
        clearInterval(this.sweep);
        this.sweep = null;
      }
    };
  }

  /** Sends a new stream what it missed after its cursor (a Last-Event-ID replay, or rows committed while it opened). */
  private async catchUp(subscriber: Subscriber): Promise<void> {
    while (this.subscribers.has(subscriber) && !this.closed) {
      const rows = await notificationsAfter(this.db, {
        cursors: [{ userId: subscriber.userId, afterId: subscriber.cursor }],
        limit: PAGE,
      });
      this.hand([subscriber], rows);
      if (rows.length < PAGE) return;
    }
  }

  /** Reads what is new for every connected member (coalesced). */
  wake(): void {
    if (this.closed || !this.subscribers.size) return;
    if (this.delivering) {
      this.again = true;
      return;
    }
    this.delivering = this.deliver()
      .catch((error) => this.opts.log.warn({ err: error }, 'reading new notifications for streams failed'))
      .finally(() => {
        this.delivering = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async deliver(): Promise<void> {
    for (;;) {
      const subs = [...this.subscribers];
      const cursors = new Map<number, number>();
      for (const s of subs) cursors.set(s.userId, Math.min(cursors.get(s.userId) ?? Infinity, s.cursor));
      const rows = await notificationsAfter(this.db, {
        cursors: [...cursors].map(([userId, afterId]) => ({ userId, afterId })),
        limit: PAGE,
      });
      this.hand(subs, rows);
      if (rows.length < PAGE || this.closed) break;
    }
    await this.deliverLate();
  }

  /** Rows committed late, below a cursor that already passed them. */
  private async deliverLate(): Promise<void> {
    const subs = [...this.subscribers];
    const ranges = new Map<number, { fromId: number; toId: number }>();
    for (const s of subs) {
      const r = ranges.get(s.userId);
      ranges.set(s.userId, {
        fromId: Math.min(r?.fromId ?? Infinity, s.floor),
        toId: Math.max(r?.toId ?? 0, s.cursor),
      });
    }
    const rows = await lateNotifications(this.db, {
      ranges: [...ranges].filter(([, r]) => r.toId > r.fromId).map(([userId, r]) => ({ userId, ...r })),
      windowSeconds: LATE_COMMIT_WINDOW_SECONDS,
      limit: PAGE,
    });
    this.hand(subs, rows);
    const oldest = Date.now() - LATE_COMMIT_WINDOW_SECONDS * 1000 * 2;
    for (const s of subs) for (const [id, at] of s.sent) if (at < oldest) s.sent.delete(id);
  }

  /** Sends each row to the streams of its member that have not had it. */
  private hand(subs: Subscriber[], rows: NotificationRow[]): void {
    if (!rows.length) return;
    const byMember = new Map<number, Subscriber[]>();
    for (const s of subs) {
      const list = byMember.get(s.userId);
      if (list) list.push(s);
      else byMember.set(s.userId, [s]);
    }
    const recent = Date.now() - LATE_COMMIT_WINDOW_SECONDS * 1000;
    for (const row of rows) {
      let presented: Notification | null = null;
      const late = row.createdAt.getTime() > recent;
      for (const s of byMember.get(row.userId) ?? []) {
        if (row.id <= s.floor || s.sent.has(row.id)) continue;
        if (row.id <= s.cursor && !late) continue;
        s.sent.set(row.id, row.createdAt.getTime());
        s.cursor = Math.max(s.cursor, row.id);
        s.send((presented ??= presentNotification(row)));
      }
    }
  }

  /** On PostgreSQL: one LISTEN connection per process, opened with the first stream. */
  private listen(): void {
    if (!this.opts.listenUrl || this.listener || this.closed) return;
    const client = new pg.Client({
      connectionString: this.opts.listenUrl,
      application_name: 'lexwatch-notifications',
    });
    this.listener = client;
    const reopen = (error?: unknown) => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => {});
      if (this.closed) return;
      if (error) this.opts.log.warn({ err: error }, 'notification LISTEN connection lost; re-opening');
      setTimeout(() => {
        if (this.subscribers.size) this.listen();
        this.wake();
      }, 1000).unref();
    };
    client.on('notification', (message) => {
      if (message.channel === SESSIONS_CHANNEL) this.opts.onSessionsChanged?.();
      else this.wake();
    });
    client.on('error', reopen);
    client.on('end', () => reopen());
    client
      .connect()
      .then(() => client.query(`LISTEN ${NOTIFICATIONS_CHANNEL}; LISTEN ${SESSIONS_CHANNEL}`))
      .catch(reopen);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopLocal();
    if (this.sweep) clearInterval(this.sweep);
    this.subscribers.clear();
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => {});
    await this.delivering;
  }
}
