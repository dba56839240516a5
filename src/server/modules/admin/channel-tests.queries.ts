/** What the channel tests read of the outbox and notifications, and the test notification they write. */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { notifications, outbox, users } from '#server/db/schema';
import { GSM7_SQL_PATTERN } from '#server/messages/sms';

export async function outboxRowState(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ status: outbox.status, lastError: outbox.lastError, attempts: outbox.attempts })
    .from(outbox)
    .where(eq(outbox.id, id));
  return row;
}

/** A channel's messages since `since`: delivered, failed, in one segment, in all. */
export async function channelCounts(db: DbOrTx, params: { channel: 'email' | 'sms'; since: Date }) {
  const [row] = await db
    .select({
      delivered: sql<number>`count(*) filter (where ${outbox.status} in ('sent','kept'))::int`,
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int`,
      // one segment: up to 160 characters in GSM-7, up to 70 in UCS-2 (any other character)
      oneSegment: sql<number>`count(*) filter (where length(${outbox.bodyText}) <= 70 or (length(${outbox.bodyText}) <= 160 and ${outbox.bodyText} ~ ${GSM7_SQL_PATTERN}))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(outbox)
    .where(and(eq(outbox.channel, params.channel), gte(outbox.createdAt, params.since)));
  return row;
}

/** In-app notifications since `since`: shown and read. */
export async function inAppCounts(db: DbOrTx, since: Date) {
  const [row] = await db
    .select({
      shown: sql<number>`count(*)::int`,
      read: sql<number>`count(*) filter (where ${notifications.readAt} is not null)::int`,
    })
    .from(notifications)
    .where(gte(notifications.createdAt, since));
  return row;
}

/** Outbox messages of these kinds since `since`, by kind. */
export async function countsByKind(db: DbOrTx, params: { kinds: string[]; since: Date }) {
  return db
    .select({ kind: outbox.kind, n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(inArray(outbox.kind, params.kinds), gte(outbox.createdAt, params.since)))
    .groupBy(outbox.kind);
}

export async function memberExists(db: DbOrTx, userId: number): Promise<boolean> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(member);
}

export async function insertTestNotification(
  db: DbOrTx,
  row: { userId: number; title: string; message: string; dedupeKey: string },
): Promise<number> {
  const [inserted] = await db
    .insert(notifications)
    .values({ ...row, type: 'update' })
    .returning({ id: notifications.id });
  return inserted!.id;
}
