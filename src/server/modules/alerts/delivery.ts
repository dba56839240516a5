/**
 * Immediate delivery: alert items of members on 'immediate' become one email (email alerts on)
 * and one SMS (SMS alerts on and the phone verified) each, queued in the outbox with dedupe
 * keys `email:{user}:{event}` / `sms:{user}:{event}`. `email_queued_at` marks an item handled
 * (whatever the channels), `sms_queued_at` that a text was queued; both are set in the
 * transaction that queues the messages, so a crash leaves nothing half done.
 *
 * Members on a paid plan with team-chat webhooks also get one post per active hook
 * (`webhook:{hook}:{event}`), formatted for Slack or Teams (webhooks/payloads.ts) or as a signed
 * event (webhooks/generic-events.ts); members who turned browser push on get one push per browser
 * (`push:{subscription}:{event}`, push/push-messages.ts).
 *
 * Texts follow the spec's cadence, legislative alerts daily: a member gets at most one alert
 * text a London day (`users.last_alert_sms_at`). Items after it are held (`sms_held_at`) for
 * the next morning's round-up text (sms-roundup.ts), which counts as that day's text.
 */
import type { Config } from '#server/config/config';
import type { Db, DbOrTx } from '#server/db/client';
import { enqueueMessages, type OutgoingMessage } from '#server/modules/outbox/outbox';
import { activeWebhooksOf, webhookAlertMessage } from '#server/modules/webhooks/webhook-messages';
import { pushAlertMessage, pushTargetsOf } from '#server/modules/push/push-messages';
import { pickLanguage, type MessageLanguage } from '#server/messages/i18n';
import { londonDay } from '#server/sources/common/uk-time';
import { alertEmail } from '#server/messages/alert-emails';
import type { AlertLine } from '#server/messages/alert-line';
import { alertSms } from '#server/messages/alert-sms';
import { lockPendingAlertRows, markAlertsHandled, markAlertTextSent } from './alert-items.queries';
import { describeEvent } from './describe-event';
import { unsubscribeUrl } from './unsubscribe';

export interface PendingAlert {
  id: number;
  userId: number;
  changeEventId: number;
  terms: string[];
  email: string;
  firstName: string;
  /** the member's language: every message to them is written in it */
  lang: MessageLanguage;
  emailOn: boolean;
  smsOn: boolean;
  phone: string | null;
  lastAlertSmsAt: Date | null;
  /** its text was already queued (or held) on an earlier pass */
  smsDone: boolean;
  alert: AlertLine;
}

/** Locks up to `limit` pending alert items of one frequency (skipping rows another worker holds). */
export async function lockPendingAlerts(
  tx: DbOrTx,
  where: { frequency: 'immediate' | 'daily' | 'weekly'; userId?: number; createdBefore?: Date },
  limit: number,
): Promise<PendingAlert[]> {
  const rows = await lockPendingAlertRows(tx, where, limit);
  return rows.map((r) => {
    const lang = pickLanguage(r.language);
    const text = describeEvent(
      {
        kind: r.kind,
        before: r.before,
        after: r.after,
        itemTitle: r.item_title,
        legislationType: r.legislation_type,
        category: r.category,
        consultationEndDate: r.consultation_end_date,
      },
      lang,
    );
    return {
      id: Number(r.id),
      userId: r.user_id,
      changeEventId: r.change_event_id,
      terms: r.detail?.terms ?? [],
      email: r.email,
      firstName: r.first_name,
      lang,
      emailOn: r.email_on,
      smsOn: r.sms_on,
      phone: r.phone,
      lastAlertSmsAt: r.last_alert_sms_ms === null ? null : new Date(r.last_alert_sms_ms),
      smsDone: r.sms_done,
      alert: { ...text, legislationId: r.item_id },
    };
  });
}

export interface DeliveryCounts {
  items: number;
  emails: number;
  sms: number;
  webhooks: number;
}

/**
 * Queues the email and SMS of up to `limit` immediate alert items in one transaction (one
 * insert for all). A member already texted this London day gets no second text: the item is
 * held for the morning round-up.
 */
export async function queueImmediateBatch(
  db: Db,
  config: Config,
  appSecret: string,
  limit = 200,
  now = new Date(),
): Promise<DeliveryCounts> {
  const dayStart = londonDay(now).start;
  return db.transaction(async (tx) => {
    const pending = await lockPendingAlerts(tx, { frequency: 'immediate' }, limit);
    const messages: OutgoingMessage[] = [];
    const smsIds: number[] = [];
    const heldIds: number[] = [];
    const textedToday = new Set(
      pending.filter((p) => p.lastAlertSmsAt !== null && p.lastAlertSmsAt >= dayStart).map((p) => p.userId),
    );
    const textedNow = new Set<number>();
    const members = new Set(pending.map((p) => p.userId));
    const hooks = await activeWebhooksOf(tx, members);
    const browsers = await pushTargetsOf(tx, members);
    for (const p of pending) {
      for (const hook of hooks.get(p.userId) ?? [])
        messages.push(webhookAlertMessage(config.appUrl, hook, p.changeEventId, p.alert, p.userId, p.lang));
      for (const browser of browsers.get(p.userId) ?? [])
        messages.push(pushAlertMessage(config.appUrl, browser, p.changeEventId, p.alert, p.userId));
      if (p.emailOn) {
        const mail = alertEmail({
          lang: p.lang,
          appUrl: config.appUrl,
          firstName: p.firstName,
          alert: p.alert,
          terms: p.terms,
          unsubscribeUrl: unsubscribeUrl(config, appSecret, p.userId),
        });
        messages.push({
          channel: 'email',
          kind: 'alert',
          recipient: p.email,
          subject: mail.subject,
          bodyText: mail.text,
          bodyHtml: mail.html,
          headers: mail.headers,
          userId: p.userId,
          dedupeKey: `email:${p.userId}:${p.changeEventId}`,
          legalChangeId: p.alert.legislationId,
        });
      }
      // a text is wanted, and was not already queued or held on an earlier pass
      const wantsText = p.smsOn && p.phone !== null && !p.smsDone;
      if (wantsText && (textedToday.has(p.userId) || textedNow.has(p.userId))) {
        heldIds.push(p.id);
      } else if (wantsText && p.phone) {
        textedNow.add(p.userId);
        messages.push({
          channel: 'sms',
          kind: 'alert',
          recipient: p.phone,
          bodyText: alertSms(config.appUrl, p.alert, p.lang),
          userId: p.userId,
          dedupeKey: `sms:${p.userId}:${p.changeEventId}`,
          legalChangeId: p.alert.legislationId,
        });
        smsIds.push(p.id);
      }
    }
    const queued = await enqueueMessages(tx, messages);
    await markAlertsHandled(
      tx,
      pending.map((p) => p.id),
      smsIds,
      { ids: heldIds, at: now },
    );
    await markAlertTextSent(tx, textedNow, now);
    return {
      items: pending.length,
      emails: messages.filter((m) => m.channel === 'email' && queued.has(m.dedupeKey ?? null)).length,
      sms: messages.filter((m) => m.channel === 'sms' && queued.has(m.dedupeKey ?? null)).length,
      webhooks: messages.filter((m) => m.channel === 'webhook' && queued.has(m.dedupeKey ?? null)).length,
    };
  });
}

/** Queues every pending immediate alert, a batch at a time. */
export async function queueImmediateAlerts(
  db: Db,
  config: Config,
  appSecret: string,
  opts: { batchSize?: number; maxBatches?: number; now?: Date } = {},
): Promise<DeliveryCounts> {
  const batchSize = opts.batchSize ?? 200;
  const total: DeliveryCounts = { items: 0, emails: 0, sms: 0, webhooks: 0 };
  for (let i = 0; i < (opts.maxBatches ?? 500); i++) {
    const r = await queueImmediateBatch(db, config, appSecret, batchSize, opts.now);
    total.items += r.items;
    total.emails += r.emails;
    total.sms += r.sms;
    total.webhooks += r.webhooks;
    if (r.items < batchSize) break;
  }
  return total;
}
