/** The outbox table: queuing messages, claiming due ones with a lease, and marking outcomes. */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { outbox } from '#server/db/schema';
import type { OutboxChannel } from '#shared/outbox';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;
export type OutboxChannelName = OutboxChannel;

/** Inserts one row unless its dedupe key is already queued; the new id, or null. */
export async function insertOutboxRow(db: DbOrTx, row: NewOutboxRow): Promise<number | null> {
  const [inserted] = await db
    .insert(outbox)
    .values(row)
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted?.id ?? null;
}

/** Inserts many rows in one statement; the dedupe keys of the rows that were new. */
export async function insertOutboxRows(db: DbOrTx, rows: NewOutboxRow[]): Promise<(string | null)[]> {
  const inserted = await db
    .insert(outbox)
    .values(rows)
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ dedupeKey: outbox.dedupeKey });
  return inserted.map((r) => r.dedupeKey);
}

/** Marks a channel's queued rows 'kept' (no provider for it); returns how many. */
export async function keepQueuedOf(db: DbOrTx, channel: OutboxChannelName): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: 'kept' })
    .where(and(eq(outbox.channel, channel), eq(outbox.status, 'queued')))
    .returning({ id: outbox.id });
  return rows.length;
}

/**
 * The latest next_attempt_at that is due at `now`. The database keeps microseconds and a
 * JavaScript date milliseconds: a row queued in the same millisecond as `now` stores a time a
 * little after it, so it would wait for the next drain. One millisecond more covers that.
 */
export const latestDueAt = (now: Date) => new Date(now.getTime() + 1);

/** Due rows of a channel: queued, or sending with a lease that ran out, due by `dueBy`. */
const dueOf = (channel: OutboxChannelName, dueBy: Date) =>
  and(
    eq(outbox.channel, channel),
    or(eq(outbox.status, 'queued'), eq(outbox.status, 'sending')),
    lte(outbox.nextAttemptAt, dueBy),
  );

/** Sending order: verification codes first among texts, then the longest due. */
const claimOrder = (channel: OutboxChannelName) => [
  ...(channel === 'sms' ? [sql`${outbox.kind} <> 'phone_code'`] : []),
  asc(outbox.nextAttemptAt),
  asc(outbox.id),
];

/**
 * Claims up to `limit` due rows of a channel (FOR UPDATE SKIP LOCKED): each becomes 'sending',
 * one attempt more, leased until `leaseUntil`.
 */
export async function claimDueRows(
  q: DbOrTx,
  params: { channel: OutboxChannelName; dueBy: Date; leaseUntil: Date; limit: number },
): Promise<OutboxRow[]> {
  const due = q
    .select({ id: outbox.id })
    .from(outbox)
    .where(dueOf(params.channel, params.dueBy))
    .orderBy(...claimOrder(params.channel))
    .limit(params.limit)
    .for('update', { skipLocked: true });
  return q
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: params.leaseUntil })
    .where(inArray(outbox.id, due))
    .returning();
}

/** True when any text is due. */
export async function anyTextDue(db: DbOrTx, dueBy: Date): Promise<boolean> {
  const [row] = await db.select({ id: outbox.id }).from(outbox).where(dueOf('sms', dueBy)).limit(1);
  return Boolean(row);
}

/** The bodies of the first `limit` due texts, in claiming order. */
export async function dueTextBodies(db: DbOrTx, dueBy: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ body: outbox.bodyText })
    .from(outbox)
    .where(dueOf('sms', dueBy))
    .orderBy(...claimOrder('sms'))
    .limit(limit);
  return rows.map((r) => r.body);
}

export async function countDueTexts(db: DbOrTx, dueBy: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(dueOf('sms', dueBy));
  return row?.n ?? 0;
}

/** One claimer of texts at a time across all processes, until the transaction ends. */
export async function lockTextClaims(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('outbox-sms-budget'))`);
}

/** The fields an outcome sets on a claimed row. */
export type OutboxOutcome =
  | { status: 'sent'; sentAt: Date; provider: string; providerMessageId: string; lastError: null }
  | { status: 'failed'; lastError?: string }
  | { status: 'queued'; lastError: string; nextAttemptAt: Date };

/**
 * Records an outcome, only while the row is still this claim's: a sender whose lease ran out
 * must not overwrite the next claim's outcome.
 */
export async function markClaimed(
  db: DbOrTx,
  claim: Pick<OutboxRow, 'id' | 'attempts'>,
  outcome: OutboxOutcome,
): Promise<void> {
  await db
    .update(outbox)
    .set(outcome)
    .where(and(eq(outbox.id, claim.id), eq(outbox.status, 'sending'), eq(outbox.attempts, claim.attempts)));
}
