/**
 * Daily and weekly digests: a member's unsent alert items of that frequency, up to the period's
 * cut-off (07:00 UTC; Mondays for weekly), become one email (`digest:{user}:{period-key}`) and,
 * for SMS members, one text (`sms-digest:{user}:{period-key}`). Each member is handled in its
 * own transaction; items after the cut-off wait for the next period, so a re-run of the same
 * period never loses an item behind an already-used dedupe key.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { alertPreferences } from '#server/db/schema';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { lockPendingAlerts, markAlertsHandled } from './delivery';
import { digestEmail, digestSms } from './templates';
import { unsubscribeUrl } from './unsubscribe';

export type DigestPeriod = 'daily' | 'weekly';
export const DIGEST_HOUR_UTC = 7;
/** Alerts listed in one digest email; the rest are counted. */
export const DIGEST_MAX_LINES = 50;
const MAX_ITEMS_PER_DIGEST = 5000;

/** The latest cut-off at or before `now`: 07:00 UTC today (or the latest Monday, weekly). */
export function digestCutoff(period: DigestPeriod, now: Date): Date {
  const cut = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (cut > now) cut.setUTCDate(cut.getUTCDate() - 1);
  if (period === 'weekly') cut.setUTCDate(cut.getUTCDate() - ((cut.getUTCDay() + 6) % 7));
  return cut;
}

export const periodKey = (period: DigestPeriod, cutoff: Date) =>
  `${period}-${cutoff.toISOString().slice(0, 10)}`;

export interface DigestCounts {
  members: number;
  items: number;
  emails: number;
  sms: number;
}

/** One member's digest, in one transaction. */
async function sendMemberDigest(
  db: Db,
  config: Config,
  userId: number,
  period: DigestPeriod,
  cutoff: Date,
  counts: DigestCounts,
) {
  const key = periodKey(period, cutoff);
  await db.transaction(async (tx) => {
    const pending = await lockPendingAlerts(
      tx,
      { frequency: period, userId, createdBefore: cutoff },
      MAX_ITEMS_PER_DIGEST,
    );
    const first = pending[0];
    if (!first) return;
    let emailDeduped = false;
    if (first.emailOn) {
      const lines = pending.slice(0, DIGEST_MAX_LINES).map((p) => p.alert);
      const mail = digestEmail({
        appUrl: config.appUrl,
        firstName: first.firstName,
        period,
        alerts: lines,
        more: pending.length - lines.length,
        unsubscribeUrl: unsubscribeUrl(config, userId),
      });
      const id = await enqueueMessage(tx, {
        channel: 'email',
        kind: 'digest',
        recipient: first.email,
        subject: mail.subject,
        bodyText: mail.text,
        bodyHtml: mail.html,
        headers: mail.headers,
        userId,
        dedupeKey: `digest:${userId}:${key}`,
      });
      if (id === null) emailDeduped = true;
      else counts.emails++;
    }
    const smsIds: number[] = [];
    if (first.smsOn && first.phone) {
      const id = await enqueueMessage(tx, {
        channel: 'sms',
        kind: 'digest',
        recipient: first.phone,
        bodyText: digestSms(config.appUrl, period, pending.length),
        userId,
        dedupeKey: `sms-digest:${userId}:${key}`,
      });
      if (id !== null) counts.sms++;
      smsIds.push(...pending.map((p) => p.id));
    }
    // this period's email already went out without these items: they wait for the next one
    if (emailDeduped) return;
    await markAlertsHandled(
      tx,
      pending.map((p) => p.id),
      smsIds,
    );
    await tx
      .insert(alertPreferences)
      .values({ userId, lastDigestSentAt: new Date() })
      .onConflictDoUpdate({ target: alertPreferences.userId, set: { lastDigestSentAt: new Date() } });
    counts.members++;
    counts.items += pending.length;
  });
}

/** Sends the period's digests to every member with pending items. */
export async function sendDigests(
  db: Db,
  config: Config,
  period: DigestPeriod,
  now = new Date(),
): Promise<DigestCounts> {
  const cutoff = digestCutoff(period, now);
  const counts: DigestCounts = { members: 0, items: 0, emails: 0, sms: 0 };
  let afterUser = 0;
  for (;;) {
    const { rows } = await db.execute<{ user_id: number }>(sql`
      select distinct user_id from alert_items
      where frequency = ${period} and email_queued_at is null
        and created_at <= ${cutoff.toISOString()}::timestamptz and user_id > ${afterUser}
      order by user_id limit 500
    `);
    for (const { user_id } of rows) await sendMemberDigest(db, config, user_id, period, cutoff, counts);
    if (rows.length < 500) break;
    afterUser = rows[rows.length - 1]!.user_id;
  }
  return counts;
}
