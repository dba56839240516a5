/**
 * Daily and weekly digests: a member's unsent alert items of that frequency, up to the period's
 * cut-off (07:00 on the member's clock, in their time zone; Mondays for weekly), become one email (`digest:{user}:{period-key}`) and,
 * for SMS members, one text (`sms-digest:{user}:{period-key}`), and for members with team-chat
 * webhooks one post per active hook (`webhook-digest:{hook}:{period-key}`), and one push per browser
 * with push on (`push-digest:{subscription}:{period-key}`). Each member is handled in its
 * own transaction; items after the cut-off wait for the next period, so a re-run of the same
 * period never loses an item behind an already-used dedupe key.
 */
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { enqueueMessage, enqueueMessages } from '#server/modules/outbox/outbox';
import { activeWebhooksOf, webhookDigestMessage } from '#server/modules/webhooks/webhook-messages';
import { pushDigestMessage, pushTargetsOf } from '#server/modules/push/push-messages';
import { markAlertsHandled, membersWithPendingDigest, noteDigestSent } from './alert-items.queries';
import { lockPendingAlerts } from './delivery';
import { digestEmail, digestSubject } from '#server/messages/alert-emails';
import { digestSms } from '#server/messages/alert-sms';
import { unsubscribeUrl } from './unsubscribe';

export type DigestPeriod = 'daily' | 'weekly';
export const DIGEST_HOUR_UTC = 7;
/** Alerts listed in one digest email; the rest are counted. */
export const DIGEST_MAX_LINES = 50;
const MAX_ITEMS_PER_DIGEST = 5000;

/** The zone's wall-clock time minus UTC at `at`, in ms (an unknown zone counts as UTC). */
function zoneOffsetMs(timeZone: string, at: Date): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(at);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return (
      Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) -
      at.getTime()
    );
  } catch {
    return 0;
  }
}

/** The instant when the zone's clock shows `hour`:00 on the zone's calendar day `day` (a UTC date). */
function zonedHour(timeZone: string, day: Date, hour: number): Date {
  const wall = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour);
  const first = wall - zoneOffsetMs(timeZone, new Date(wall));
  return new Date(wall - zoneOffsetMs(timeZone, new Date(first)));
}

/**
 * The latest cut-off at or before `now`: 07:00 on the member's clock today (or the latest
 * Monday, weekly). The member's IANA time zone; UTC when none is given.
 */
export function digestCutoff(period: DigestPeriod, now: Date, timeZone = 'UTC'): Date {
  // the zone's calendar day, as a UTC date
  const local = new Date(now.getTime() + zoneOffsetMs(timeZone, now));
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  let cut = zonedHour(timeZone, day, DIGEST_HOUR_UTC);
  if (cut > now) {
    day.setUTCDate(day.getUTCDate() - 1);
    cut = zonedHour(timeZone, day, DIGEST_HOUR_UTC);
  }
  if (period === 'weekly') {
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    cut = zonedHour(timeZone, day, DIGEST_HOUR_UTC);
  }
  return cut;
}

export const periodKey = (period: DigestPeriod, cutoff: Date) =>
  `${period}-${cutoff.toISOString().slice(0, 10)}`;

export interface DigestCounts {
  members: number;
  items: number;
  emails: number;
  sms: number;
  webhooks: number;
}

/** One member's digest, in one transaction. */
async function sendMemberDigest(
  db: Db,
  config: Config,
  appSecret: string,
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
        lang: first.lang,
        appUrl: config.appUrl,
        firstName: first.firstName,
        period,
        alerts: lines,
        more: pending.length - lines.length,
        unsubscribeUrl: unsubscribeUrl(config, appSecret, userId),
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
    const hooks = (await activeWebhooksOf(tx, new Set([userId]))).get(userId) ?? [];
    if (hooks.length) {
      const alerts = pending.slice(0, DIGEST_MAX_LINES).map((p) => p.alert);
      const posts = hooks.map((hook) =>
        webhookDigestMessage({
          appUrl: config.appUrl,
          hook,
          userId,
          periodKey: key,
          subject: digestSubject(period, pending.length, first.lang),
          lang: first.lang,
          alerts,
          more: pending.length - alerts.length,
        }),
      );
      counts.webhooks += (await enqueueMessages(tx, posts)).size;
    }
    const browsers = (await pushTargetsOf(tx, new Set([userId]))).get(userId) ?? [];
    const subject = digestSubject(period, pending.length, first.lang);
    await enqueueMessages(
      tx,
      browsers.map((b) =>
        pushDigestMessage({ appUrl: config.appUrl, target: b, userId, periodKey: key, subject }),
      ),
    );
    const smsIds: number[] = [];
    if (first.smsOn && first.phone) {
      const id = await enqueueMessage(tx, {
        channel: 'sms',
        kind: 'digest',
        recipient: first.phone,
        bodyText: digestSms(config.appUrl, period, pending.length, first.lang),
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
    await noteDigestSent(tx, userId, new Date());
    counts.members++;
    counts.items += pending.length;
  });
}

/** Sends the period's digests to every member with pending items. */
export async function sendDigests(
  db: Db,
  config: Config,
  appSecret: string,
  period: DigestPeriod,
  now = new Date(),
): Promise<DigestCounts> {
  const counts: DigestCounts = { members: 0, items: 0, emails: 0, sms: 0, webhooks: 0 };
  let afterUser = 0;
  for (;;) {
    // each member's cut-off is 07:00 on their own clock: the job runs every hour
    const rows = await membersWithPendingDigest(db, { period, before: now, afterUser, limit: 500 });
    for (const { user_id, timezone } of rows)
      await sendMemberDigest(
        db,
        config,
        appSecret,
        user_id,
        period,
        digestCutoff(period, now, timezone),
        counts,
      );
    if (rows.length < 500) break;
    afterUser = rows[rows.length - 1]!.user_id;
  }
  return counts;
}
