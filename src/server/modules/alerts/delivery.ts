/**
 * Immediate delivery: alert items of members on 'immediate' become one email (email alerts on)
 * and one SMS (SMS alerts on and the phone verified) each, queued in the outbox with dedupe
 * keys `email:{user}:{event}` / `sms:{user}:{event}`. `email_queued_at` marks an item handled
 * (whatever the channels), `sms_queued_at` that a text was queued; both are set in the
 * transaction that queues the messages, so a crash leaves nothing half done.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '#server/config/config';
import type { Db, DbOrTx } from '#server/db/client';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { describeEvent, alertEmail, alertSms, type AlertLine } from './templates';
import { unsubscribeUrl } from './unsubscribe';

export interface PendingAlert {
  id: number;
  userId: number;
  changeEventId: number;
  terms: string[];
  email: string;
  firstName: string;
  emailOn: boolean;
  smsOn: boolean;
  phone: string | null;
  alert: AlertLine;
}

/** Locks up to `limit` pending alert items of one frequency (skipping rows another worker holds). */
export async function lockPendingAlerts(
  tx: DbOrTx,
  where: { frequency: 'immediate' | 'daily' | 'weekly'; userId?: number; createdBefore?: Date },
  limit: number,
): Promise<PendingAlert[]> {
  const { rows } = await tx.execute<{
    id: number;
    user_id: number;
    change_event_id: number;
    detail: { terms?: string[] } | null;
    email: string;
    first_name: string;
    email_on: boolean;
    sms_on: boolean;
    phone: string | null;
    kind: string;
    before: unknown;
    after: unknown;
    item_id: number;
    item_title: string;
    legislation_type: string;
    category: string;
    consultation_end_date: string | null;
  }>(sql`
    with picked as (
      select id from alert_items
      where frequency = ${where.frequency} and email_queued_at is null
        ${where.userId === undefined ? sql`` : sql`and user_id = ${where.userId}`}
        ${where.createdBefore === undefined ? sql`` : sql`and created_at <= ${where.createdBefore.toISOString()}::timestamptz`}
      limit ${limit}
      for update skip locked
    )
    select ai.id, ai.user_id, ai.change_event_id, ai.detail, u.email, u.first_name,
           u.email_notifications_enabled as email_on,
           (u.sms_alerts_enabled and u.phone_verified and u.phone_number is not null) as sms_on,
           u.phone_number as phone, ce.kind, ce.before, ce.after,
           lc.id as item_id, lc.title as item_title, lc.legislation_type, lc.category, lc.consultation_end_date::text
    from picked
    join alert_items ai on ai.id = picked.id
    join users u on u.id = ai.user_id
    join change_events ce on ce.id = ai.change_event_id
    join legal_changes lc on lc.id = ai.legal_change_id
  `);
  // no ORDER BY above: the pending index hands rows out without sorting every pending item first
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  return rows.map((r) => {
    const text = describeEvent({
      kind: r.kind,
      before: r.before,
      after: r.after,
      itemTitle: r.item_title,
      legislationType: r.legislation_type,
      category: r.category,
      consultationEndDate: r.consultation_end_date,
    });
    return {
      id: Number(r.id),
      userId: r.user_id,
      changeEventId: r.change_event_id,
      terms: r.detail?.terms ?? [],
      email: r.email,
      firstName: r.first_name,
      emailOn: r.email_on,
      smsOn: r.sms_on,
      phone: r.phone,
      alert: { ...text, legislationId: r.item_id },
    };
  });
}

/** Marks items handled; `smsIds` also get `sms_queued_at`. */
export async function markAlertsHandled(tx: DbOrTx, ids: number[], smsIds: number[]): Promise<void> {
  if (!ids.length) return;
  const sms = smsIds.length ? sql`case when id in ${sql.raw(`(${smsIds.map(Number).join(',')})`)} then now() else null end` : sql`null`;
  await tx.execute(sql`
    update alert_items set email_queued_at = now(), sms_queued_at = ${sms}
    where id in ${sql.raw(`(${ids.map(Number).join(',')})`)}
  `);
}

export interface DeliveryCounts {
  items: number;
  emails: number;
  sms: number;
}

/** Queues the email and SMS of up to `limit` immediate alert items in one transaction. */
export async function queueImmediateBatch(db: Db, config: Config, limit = 200): Promise<DeliveryCounts> {
  return db.transaction(async (tx) => {
    const pending = await lockPendingAlerts(tx, { frequency: 'immediate' }, limit);
    const counts: DeliveryCounts = { items: pending.length, emails: 0, sms: 0 };
    const smsIds: number[] = [];
    for (const p of pending) {
      if (p.emailOn) {
        const mail = alertEmail({ appUrl: config.appUrl, firstName: p.firstName, alert: p.alert, terms: p.terms, unsubscribeUrl: unsubscribeUrl(config, p.userId) });
        const id = await enqueueMessage(tx, {
          channel: 'email',
          kind: 'alert',
          recipient: p.email,
          subject: mail.subject,
          bodyText: mail.text,
          bodyHtml: mail.html,
          headers: mail.headers,
          userId: p.userId,
          dedupeKey: `email:${p.userId}:${p.changeEventId}`,
        });
        if (id !== null) counts.emails++;
      }
      if (p.smsOn && p.phone) {
        const id = await enqueueMessage(tx, {
          channel: 'sms',
          kind: 'alert',
          recipient: p.phone,
          bodyText: alertSms(config.appUrl, p.alert),
          userId: p.userId,
          dedupeKey: `sms:${p.userId}:${p.changeEventId}`,
        });
        if (id !== null) counts.sms++;
        smsIds.push(p.id);
      }
    }
    await markAlertsHandled(tx, pending.map((p) => p.id), smsIds);
    return counts;
  });
}

/** Queues every pending immediate alert, a batch at a time. */
export async function queueImmediateAlerts(db: Db, config: Config, opts: { batchSize?: number; maxBatches?: number } = {}): Promise<DeliveryCounts> {
  const batchSize = opts.batchSize ?? 200;
  const total: DeliveryCounts = { items: 0, emails: 0, sms: 0 };
  for (let i = 0; i < (opts.maxBatches ?? 500); i++) {
    const r = await queueImmediateBatch(db, config, batchSize);
    total.items += r.items;
    total.emails += r.emails;
    total.sms += r.sms;
    if (r.items < batchSize) break;
  }
  return total;
}
