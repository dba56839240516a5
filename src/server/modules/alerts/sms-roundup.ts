/**
 * The morning round-up text. Immediate alerts held back because the member had already had
 * the day's alert text (delivery.ts) go out together in one text the next morning, keyed
 * `sms-roundup:{user}:{London date}` so a re-run sends nothing twice. The round-up is that
 * day's alert text: later alerts that day are held for the next one. A member who turned SMS
 * off (or lost a verified phone) in between gets no text, and their held items are let go.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { pickLanguage } from '#server/messages/i18n';
import { londonDay } from '#server/sources/common/uk-time';
import { markAlertTextSent } from './delivery';
import { describeEvent, roundupSms } from './templates';

export interface RoundupCounts {
  members: number;
  items: number;
  sms: number;
}

const MEMBERS_PER_PAGE = 500;

/** One member's round-up, in one transaction. */
async function sendMemberRoundup(db: Db, config: Config, userId: number, now: Date, counts: RoundupCounts) {
  const day = londonDay(now);
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
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
    }>(sql`
      with held as (
        select id from alert_items
        where user_id = ${userId} and sms_held_at is not null and sms_queued_at is null
          and sms_held_at < ${day.start.toISOString()}::timestamptz
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
    const first = rows[0];
    if (!first) return;
    const ids = sql.raw(`(${rows.map((r) => Number(r.id)).join(',')})`);
    if (!first.sms_on || !first.phone) {
      await tx.execute(sql`update alert_items set sms_held_at = null where id in ${ids}`);
      return;
    }
    const lang = pickLanguage(first.language);
    const alert = {
      ...describeEvent(
        {
          kind: first.kind,
          before: first.before,
          after: first.after,
          itemTitle: first.item_title,
          legislationType: first.legislation_type,
          category: first.category,
          consultationEndDate: first.consultation_end_date,
        },
        lang,
      ),
      legislationId: first.item_id,
    };
    const id = await enqueueMessage(tx, {
      channel: 'sms',
      kind: 'alert_roundup',
      recipient: first.phone,
      bodyText: roundupSms(config.appUrl, rows.length, alert, lang),
      userId,
      dedupeKey: `sms-roundup:${userId}:${day.date}`,
    });
    // today's round-up already went (a crash after it): these wait for tomorrow's
    if (id === null) return;
    await tx.execute(sql`update alert_items set sms_queued_at = now() where id in ${ids}`);
    await markAlertTextSent(tx, [userId], now);
    counts.members++;
    counts.items += rows.length;
    counts.sms++;
  });
}

/** Sends the round-up text of every member with alert texts held from earlier days. */
export async function sendSmsRoundups(db: Db, config: Config, now = new Date()): Promise<RoundupCounts> {
  const dayStart = londonDay(now).start;
  const counts: RoundupCounts = { members: 0, items: 0, sms: 0 };
  let afterUser = 0;
  for (;;) {
    const { rows } = await db.execute<{ user_id: number }>(sql`
      select distinct user_id from alert_items
      where sms_held_at is not null and sms_queued_at is null
        and sms_held_at < ${dayStart.toISOString()}::timestamptz and user_id > ${afterUser}
      order by user_id limit ${MEMBERS_PER_PAGE}
    `);
    for (const { user_id } of rows) await sendMemberRoundup(db, config, user_id, now, counts);
    if (rows.length < MEMBERS_PER_PAGE) break;
    afterUser = rows[rows.length - 1]!.user_id;
  }
  return counts;
}
