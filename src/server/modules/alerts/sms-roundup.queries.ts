/** Alert texts held for the morning round-up (`alert_items.sms_held_at`). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';

export type HeldAlertRow = {
  id: number;
  sms_on: boolean;
  phone: string | null;
  language: string;
  kind: string;
  before: unknown;
  after: unknown;
  item_title: string;
  legislation_type: string;
  category: string;
  consultation_end_date: string | null;
  item_id: number;
};

/** The member's alert items held from before `before`, locked, with what their text needs, in id order. */
export async function lockHeldAlerts(
  tx: DbOrTx,
  params: { userId: number; before: Date },
): Promise<HeldAlertRow[]> {
  const { rows } = await tx.execute<HeldAlertRow>(sql`
    with held as (
      select id from alert_items
      where user_id = ${params.userId} and sms_held_at is not null and sms_queued_at is null
        and sms_held_at < ${params.before.toISOString()}::timestamptz
      order by id
      for update skip locked
    )
    select ai.id, (u.sms_alerts_enabled and u.phone_verified and u.phone_number is not null) as sms_on,
           u.phone_number as phone, u.language, ce.kind, ce.before, ce.after, lc.id as item_id, lc.title as item_title,
           lc.legislation_type, lc.category, lc.consultation_end_date::text
    from held
    join alert_items ai on ai.id = held.id
    join users u on u.id = ai.user_id
    join change_events ce on ce.id = ai.change_event_id
    join legal_changes lc on lc.id = ai.legal_change_id
    order by ai.id
  `);
  return rows;
}

const idList = (ids: number[]) => sql.raw(`(${ids.map(Number).join(',')})`);

/** The member no longer takes texts: the items are no longer held. */
export async function releaseHeldAlerts(tx: DbOrTx, ids: number[]): Promise<void> {
  await tx.execute(sql`update alert_items set sms_held_at = null where id in ${idList(ids)}`);
}

/** The round-up text of these items was queued. */
export async function markHeldAlertsTexted(tx: DbOrTx, ids: number[]): Promise<void> {
  await tx.execute(sql`update alert_items set sms_queued_at = now() where id in ${idList(ids)}`);
}

/** Members (after `afterUser`, in id order) with texts held from before `before`. */
export async function membersWithHeldTexts(
  db: DbOrTx,
  params: { before: Date; afterUser: number; limit: number },
): Promise<{ user_id: number }[]> {
  const { rows } = await db.execute<{ user_id: number }>(sql`
    select distinct user_id from alert_items
    where sms_held_at is not null and sms_queued_at is null
      and sms_held_at < ${params.before.toISOString()}::timestamptz and user_id > ${params.afterUser}
    order by user_id limit ${params.limit}
  `);
  return rows;
}
