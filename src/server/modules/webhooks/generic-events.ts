/**
 * The JSON events a generic (signed) hook receives, in the Standard Webhooks shape
 * `{ type, timestamp, data }`:
 *
 * - `legal_change.updated`: one per alert, when an item the member follows or searches for
 *   changes (what changed, in the member's language, and the link to the right tab);
 * - `notification.created`: one per daily or weekly digest (its alerts, linked).
 *
 * The delivery's headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`) are added by
 * the outbox's webhook channel at each attempt; the id is made here, once, so retries keep it.
 */
import { randomBytes } from 'node:crypto';
import { alertLink, type AlertLine } from '#server/messages/alert-line';
import type { WebhookEventType } from '#shared/team-chat';
import { PUBLIC_API_BASE } from '#shared/api-keys';

export interface WebhookEvent {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** A message id as the Standard Webhooks specification spells one: `msg_` and random characters. */
export const newWebhookMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

const alertData = (appUrl: string, alert: AlertLine) => ({
  legalChange: {
    id: alert.legislationId,
    url: alertLink(appUrl, alert),
    apiUrl: `${appUrl}${PUBLIC_API_BASE}/legal-changes/${alert.legislationId}`,
  },
  change: { type: alert.type, title: alert.title, message: alert.message },
});

export function legalChangeUpdatedEvent(appUrl: string, alert: AlertLine, at: Date): WebhookEvent {
  return { type: 'legal_change.updated', timestamp: at.toISOString(), data: alertData(appUrl, alert) };
}

export function digestCreatedEvent(input: {
  appUrl: string;
  period: string;
  subject: string;
  alerts: AlertLine[];
  more: number;
  at: Date;
}): WebhookEvent {
  return {
    type: 'notification.created',
    timestamp: input.at.toISOString(),
    data: {
      notification: {
        kind: 'digest',
        period: input.period,
        title: input.subject,
        url: `${input.appUrl}/`,
        items: input.alerts.map((a) => alertData(input.appUrl, a)),
        more: input.more,
      },
    },
  };
}
