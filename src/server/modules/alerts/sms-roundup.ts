/**
 * The morning round-up text. Immediate alerts held back because the member had already had
 * the day's alert text (delivery.ts) go out together in one text the next morning, keyed
 * `sms-roundup:{user}:{London date}` so a re-run sends nothing twice. The round-up is that
 * day's alert text: later alerts that day are held for the next one. A member who turned SMS
 * off (or lost a verified phone) in between gets no text, and their held items are let go.
 */
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { pickLanguage } from '#server/messages/i18n';
import { londonDay } from '#server/sources/common/uk-time';
import { markAlertTextSent } from './alert-items.queries';
import { roundupSms } from '#server/messages/alert-sms';
import { describeEvent } from './describe-event';
import {
  lockHeldAlerts,
  markHeldAlertsTexted,
  membersWithHeldTexts,
  releaseHeldAlerts,
} from './sms-roundup.queries';

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
    const rows = await lockHeldAlerts(tx, { userId, before: day.start });
    const first = rows[0];
    if (!first) return;
    const ids = rows.map((r) => Number(r.id));
    if (!first.sms_on || !first.phone) {
      await releaseHeldAlerts(tx, ids);
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
    await markHeldAlertsTexted(tx, ids);
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
    const rows = await membersWithHeldTexts(db, { before: dayStart, afterUser, limit: MEMBERS_PER_PAGE });
    for (const { user_id } of rows) await sendMemberRoundup(db, config, user_id, now, counts);
    if (rows.length < MEMBERS_PER_PAGE) break;
    afterUser = rows[rows.length - 1]!.user_id;
  }
  return counts;
}
