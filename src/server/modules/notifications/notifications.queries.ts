/** In-app notification queries. Every one is scoped to its owner. */
import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { notifications } from '#server/db/schema';

const n = notifications;

export const notificationColumns = {
  id: n.id,
  userId: n.userId,
  type: n.type,
  title: n.title,
  message: n.message,
  tab: n.tab,
  legislationId: n.legislationId,
  readAt: n.readAt,
  createdAt: n.createdAt,
};
export type NotificationRow = {
  id: number;
  userId: number;
  type: string;
  title: string;
  message: string;
  tab: string | null;
  legislationId: number | null;
  readAt: Date | null;
  createdAt: Date;
};

export const MAX_LISTED = 100;

/** The member's newest undismissed notifications. */
export async function listNotifications(
  db: DbOrTx,
  params: { userId: number; limit?: number },
): Promise<NotificationRow[]> {
  return db
    .select(notificationColumns)
    .from(n)
    .where(and(eq(n.userId, params.userId), isNull(n.dismissedAt)))
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(Math.min(params.limit ?? MAX_LISTED, MAX_LISTED));
}

export async function countUnread(db: DbOrTx, params: { userId: number }): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(n)
    .where(and(eq(n.userId, params.userId), isNull(n.dismissedAt), isNull(n.readAt)));
  return row?.unread ?? 0;
}

/**
 * A weak validator for the member's panel: changes when a notification arrives (max id, count),
 * is read or dismissed (latest read/dismiss time, unread count).
 */
export async function panelVersion(db: DbOrTx, params: { userId: number }): Promise<string> {
  const [row] = await db
    .select({
      maxId: max(n.id),
      total: count(),
      unread: sql<number>`count(*) filter (where ${n.readAt} is null and ${n.dismissedAt} is null)::int`,
      changed: sql<
        string | null
      >`(extract(epoch from max(greatest(${n.readAt}, ${n.dismissedAt}))) * 1000000)::bigint::text`,
    })
    .from(n)
    .where(eq(n.userId, params.userId));
  return `W/"n-${row?.maxId ?? 0}-${row?.total ?? 0}-${row?.unread ?? 0}-${row?.changed ?? 0}"`;
}

/** Marks one of the member's notifications read; null when it is not theirs (or gone). */
export async function markRead(
  db: DbOrTx,
  params: { userId: number; id: number },
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(n)
    .set({ readAt: sql`coalesce(${n.readAt}, now())` })
    .where(and(eq(n.id, params.id), eq(n.userId, params.userId)))
    .returning(notificationColumns);
  return row ?? null;
}

export async function markAllRead(db: DbOrTx, params: { userId: number }): Promise<number> {
  const rows = await db
    .update(n)
    .set({ readAt: sql`now()` })
    .where(and(eq(n.userId, params.userId), isNull(n.readAt), isNull(n.dismissedAt)))
    .returning({ id: n.id });
  return rows.length;
}

/** Dismisses one of the member's notifications (and counts it read); false when not theirs. */
export async function dismiss(db: DbOrTx, params: { userId: number; id: number }): Promise<boolean> {
  const rows = await db
    .update(n)
    .set({ dismissedAt: sql`coalesce(${n.dismissedAt}, now())`, readAt: sql`coalesce(${n.readAt}, now())` })
    .where(and(eq(n.id, params.id), eq(n.userId, params.userId)))
    .returning({ id: n.id });
  return rows.length > 0;
}

/** The member's newest notification id (where a new stream starts). */
export async function latestNotificationId(db: DbOrTx, params: { userId: number }): Promise<number> {
  const [row] = await db
    .select({ id: max(n.id) })
    .from(n)
    .where(eq(n.userId, params.userId));
  return row?.id ?? 0;
}

type StreamRow = {
  id: number;
  user_id: number;
  type: string;
  title: string;
  message: string;
  tab: string | null;
  legislation_id: number | null;
  read_at: Date | string | null;
  created_at: Date | string;
};

const toNotificationRow = (r: StreamRow): NotificationRow => ({
  id: Number(r.id),
  userId: r.user_id,
  type: r.type,
  title: r.title,
  message: r.message,
  tab: r.tab,
  legislationId: r.legislation_id,
  readAt: r.read_at ? new Date(r.read_at) : null,
  createdAt: new Date(r.created_at),
});

/** Undismissed notifications newer than each member's cursor, oldest first (for streams). */
export async function notificationsAfter(
  db: DbOrTx,
  params: { cursors: { userId: number; afterId: number }[]; limit: number },
): Promise<NotificationRow[]> {
  if (!params.cursors.length) return [];
  const pairs = JSON.stringify(params.cursors.map((c) => ({ user_id: c.userId, after_id: c.afterId })));
  const { rows } = await db.execute<StreamRow>(sql`
    select n.id, n.user_id, n.type, n.title, n.message, n.tab, n.legislation_id, n.read_at, n.created_at
    from jsonb_to_recordset(${pairs}::jsonb) as c(user_id int, after_id bigint)
    join notifications n on n.user_id = c.user_id and n.id > c.after_id and n.dismissed_at is null
    order by n.id
    limit ${params.limit}
  `);
  return rows.map(toNotificationRow);
}

/**
 * Recent notifications at or below each member's cursor (and above the id the stream started
 * from): rows whose transaction committed after a later-numbered one had already been read.
 */
export async function lateNotifications(
  db: DbOrTx,
  params: {
    ranges: { userId: number; fromId: number; toId: number }[];
    windowSeconds: number;
    limit: number;
  },
): Promise<NotificationRow[]> {
  if (!params.ranges.length) return [];
  const ranges = JSON.stringify(
    params.ranges.map((r) => ({ user_id: r.userId, from_id: r.fromId, to_id: r.toId })),
  );
  const { rows } = await db.execute<StreamRow>(sql`
    select n.id, n.user_id, n.type, n.title, n.message, n.tab, n.legislation_id, n.read_at, n.created_at
    from jsonb_to_recordset(${ranges}::jsonb) as c(user_id int, from_id bigint, to_id bigint)
    join notifications n on n.user_id = c.user_id and n.id > c.from_id and n.id <= c.to_id
    where n.dismissed_at is null and n.created_at > now() - make_interval(secs => ${params.windowSeconds})
    order by n.id
    limit ${params.limit}
  `);
  return rows.map(toNotificationRow);
}
