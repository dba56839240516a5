/** What the SMS budget and its report read: the day's texts and the codes sent. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { outbox, phoneVerifications } from '#server/db/schema';

/**
 * The bodies of the texts sent in [start, end) and of those being sent now (leased past `now`).
 * Each part is served by its own index (outbox_sms_sent_idx, outbox_due_idx); a day's texts are
 * few (the budget caps them), so their bodies are read to count their segments.
 */
export async function textsOfDay(
  db: DbOrTx,
  params: { start: Date; end: Date; now: Date },
): Promise<{ sending: boolean; body: string }[]> {
  const { rows } = await db.execute<{ sending: boolean; body: string }>(sql`
    select false as sending, body_text as body from ${outbox}
      where channel = 'sms' and status = 'sent' and sent_at >= ${params.start} and sent_at < ${params.end}
    union all
    select true as sending, body_text as body from ${outbox}
      where channel = 'sms' and status = 'sending' and next_attempt_at > ${params.now}`);
  return rows;
}

/** Phone verification codes created in (since, until], and how many of them were used. */
export async function phoneCodesBetween(
  db: DbOrTx,
  params: { since: Date; until: Date },
): Promise<{ sent: number; verified: number }> {
  const [codes] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      verified: sql<number>`count(${phoneVerifications.consumedAt})::int`,
    })
    .from(phoneVerifications)
    .where(
      sql`${phoneVerifications.createdAt} > ${params.since} and ${phoneVerifications.createdAt} <= ${params.until}`,
    );
  return { sent: codes?.sent ?? 0, verified: codes?.verified ?? 0 };
}
