/**
 * The outbox messages of the webhook channel: one alert post per active hook, and one digest
 * post per hook and period. Team chats get a readable message (payloads.ts), generic hooks a
 * signed JSON event (generic-events.ts) whose `webhook-id` is fixed here, in the row's headers.
 */
import type { DbOrTx } from '#server/db/client';
import type { MessageLanguage } from '#server/messages/i18n';
import type { AlertLine } from '#server/messages/alert-line';
import type { OutgoingMessage } from '#server/modules/outbox/outbox';
import type { WebhookKind } from '#shared/schemas/webhooks';
import { maskWebhookUrl } from '#server/modules/outbox/channels/webhook-destination';
import { digestCreatedEvent, legalChangeUpdatedEvent, newWebhookMessageId } from './generic-events';
import { alertPayload, digestPayload } from './payloads';
import { activeHooksOf } from './webhooks.queries';

export interface ActiveWebhook {
  id: number;
  kind: WebhookKind;
  url: string;
}

/** Active hooks of these members, by member; members on the trial (e.g. after a downgrade) have none. */
export async function activeWebhooksOf(
  db: DbOrTx,
  userIds: Set<number>,
): Promise<Map<number, ActiveWebhook[]>> {
  const byUser = new Map<number, ActiveWebhook[]>();
  if (!userIds.size) return byUser;
  const rows = await activeHooksOf(db, [...userIds]);
  for (const r of rows) {
    const list = byUser.get(r.userId) ?? [];
    list.push({ id: r.id, kind: r.kind, url: r.url });
    byUser.set(r.userId, list);
  }
  return byUser;
}

/** One alert for one hook; the same hook and event are never queued twice. */
export function webhookAlertMessage(
  appUrl: string,
  hook: ActiveWebhook,
  changeEventId: number,
  alert: AlertLine,
  userId: number,
  lang: MessageLanguage = 'en',
  now = new Date(),
): OutgoingMessage {
  const generic = hook.kind === 'generic';
  return {
    channel: 'webhook',
    kind: 'alert',
    recipient: maskWebhookUrl(hook.url),
    subject: alert.title,
    bodyText: JSON.stringify(
      hook.kind === 'generic'
        ? legalChangeUpdatedEvent(appUrl, alert, now)
        : alertPayload(hook.kind, appUrl, alert, lang),
    ),
    ...(generic ? { headers: { 'webhook-id': newWebhookMessageId() } } : {}),
    userId,
    webhookId: hook.id,
    legalChangeId: alert.legislationId,
    dedupeKey: `webhook:${hook.id}:${changeEventId}`,
  };
}

/** One digest for one hook: `webhook-digest:{hook}:{period key}`, so a period is posted once. */
export function webhookDigestMessage(input: {
  appUrl: string;
  hook: ActiveWebhook;
  userId: number;
  periodKey: string;
  subject: string;
  alerts: AlertLine[];
  more: number;
  lang?: MessageLanguage;
  now?: Date;
}): OutgoingMessage {
  const { hook } = input;
  const generic = hook.kind === 'generic';
  const body =
    hook.kind === 'generic'
      ? digestCreatedEvent({ ...input, period: input.periodKey.split('-')[0]!, at: input.now ?? new Date() })
      : digestPayload(hook.kind, input.appUrl, input.subject, input.alerts, input.more, input.lang);
  return {
    channel: 'webhook',
    kind: 'digest',
    recipient: maskWebhookUrl(hook.url),
    subject: input.subject,
    bodyText: JSON.stringify(body),
    ...(generic ? { headers: { 'webhook-id': newWebhookMessageId() } } : {}),
    userId: input.userId,
    webhookId: hook.id,
    dedupeKey: `webhook-digest:${hook.id}:${input.periodKey}`,
  };
}
