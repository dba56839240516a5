/** Alert items (`alert_items`) waiting for delivery, and the marks of what was queued. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { alertPreferences } from '#server/db/schema';

export type PendingAlertRow = {
  id: number;
  user_id: number;
  change_event_id: number;
  detail: { terms?: string[] } | null;
  email: string;
  first_name: string;
  language: string;
  email_on: boolean;
  sms_on: boolean;
  phone: string | null;
  last_alert_sms_ms: number | null;
  sms_done: boolean;
  kind: string;
  before: unknown;
  after: unknown;
  item_id: number;
  item_title: string;
  legislation_type: string;
  category: string;
  consultation_end_date: string | null;
};

/**
 * Locks up to `limit` pending alert items of one frequency (skipping rows another worker holds),
 * with their member, change event and item, in id order.
 */
export async function lockPendingAlertRows(
  tx: DbOrTx,
  where: { frequency: 'immediate' | 'daily' | 'weekly'; userId?: number; createdBefore?: Date },
  limit: number,
): Promise<PendingAlertRow[]> {
  const { rows } = await tx.execute<PendingAlertRow>(sql`
    with picked as (
      select id from alert_items
      where frequency = ${where.frequency} and email_queued_at is null
        ${where.userId === undefined ? sql`` : sql`and user_id = ${where.userId}`}
        ${where.createdBefore === undefined ? sql`` : sql`and created_at <= ${where.createdBefore.toISOString()}::timestamptz`}
      limit ${limit}
      for update skip locked
    )
    select ai.id, ai.user_id, ai.change_event_id, ai.detail, u.email, u.first_name, u.language,
           u.email_notifications_enabled as email_on,
           (u.sms_alerts_enabled and u.phone_verified and u.phone_number is not null) as sms_on,
           u.phone_number as phone, (extract(epoch from u.last_alert_sms_at) * 1000)::float8 as last_alert_sms_ms,
           (ai.sms_queued_at is not null or ai.sms_held_at is not null) as sms_done, ce.kind, ce.before, ce.after,
           lc.id as item_id, lc.title as item_title, lc.legislation_type, lc.category, lc.consultation_end_date::text
    from picked
    join alert_items ai on ai.id = picked.id
    join users u on u.id = ai.user_id
    join change_events ce on ce.id = ai.change_event_id
    join legal_changes lc on lc.id = ai.legal_change_id
  `);
  // no ORDER BY above: the pending index hands rows out without sorting every pending item first
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  return rows;
}

const idList = (ids: number[]) => sql.raw(`(${ids.map(Number).join(',')})`);
const marked = (ids: number[]) =>
  ids.length ? sql`case when id in ${idList(ids)} then now() else null end` : sql`null`;

/** Marks items handled; `smsIds` also get `sms_queued_at`, `heldIds` `sms_held_at` (text held for the round-up, at `heldAt`). */
export async function markAlertsHandled(
  tx: DbOrTx,
  ids: number[],
  smsIds: number[],
  held: { ids: number[]; at: Date } = { ids: [], at: new Date() },
): Promise<void> {
  if (!ids.length) return;
  const heldAt = held.ids.length
    ? sql`case when id in ${idList(held.ids)} then ${held.at.toISOString()}::timestamptz else null end`
    : sql`null`;
  await tx.execute(sql`
    update alert_items set email_queued_at = now(), sms_queued_at = coalesce(sms_queued_at, ${marked(smsIds)}),
      sms_held_at = coalesce(sms_held_at, ${heldAt})
    where id in ${idList(ids)}
  `);
}

/** Notes that these members had an alert text at `at` (their one for that London day). */
export async function markAlertTextSent(tx: DbOrTx, userIds: Iterable<number>, at: Date): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  await tx.execute(
    sql`update users set last_alert_sms_at = ${at.toISOString()}::timestamptz where id in ${idList(ids)}`,
  );
}

/** The member's digest went out at `at`. */
export async function noteDigestSent(tx: DbOrTx, userId: number, at: Date): Promise<void> {
  await tx
    .insert(alertPreferences)
    .values({ userId, lastDigestSentAt: at })
    .onConflictDoUpdate({ target: alertPreferences.userId, set: { lastDigestSentAt: at } });
}

/** Members (after `afterUser`, in id order) with items of the period pending from before `before`, and their time zones. */
export async function membersWithPendingDigest(
  db: DbOrTx,
  params: { period: 'daily' | 'weekly'; before: Date; afterUser: number; limit: number },
): Promise<{ user_id: number; timezone: string }[]> {
  const { rows } = await db.execute<{ user_id: number; timezone: string }>(sql`
    select p.user_id, u.timezone from (
      select distinct user_id from alert_items
      where frequency = ${params.period} and email_queued_at is null
        and created_at <= ${params.before.toISOString()}::timestamptz and user_id > ${params.afterUser}
      order by user_id limit ${params.limit}
    ) p join users u on u.id = p.user_id
    order by p.user_id
  `);
  return rows;
}
