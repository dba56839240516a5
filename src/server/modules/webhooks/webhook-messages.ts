/**
 * The outbox messages of the team-chat channel: one alert post per active hook, and the one
 * email a member gets when a hook is disabled after failing too often.
 */
import { and, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { renderEmail } from '#server/messages/email';
import { t, type MessageLanguage } from '#server/messages/i18n';
import { users, userWebhooks } from '#server/db/schema';
import type { AlertLine } from '#server/modules/alerts/templates';
import type { OutgoingMessage } from '#server/modules/outbox/outbox';
import type { WebhookKind } from '#shared/schemas/webhooks';
import { maskWebhookUrl } from './destination';
import { alertPayload, digestPayload } from './payloads';

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
  const rows = await db
    .select({
      id: userWebhooks.id,
      userId: userWebhooks.userId,
      kind: userWebhooks.kind,
      url: userWebhooks.url,
    })
    .from(userWebhooks)
    .innerJoin(users, sql`${users.id} = ${userWebhooks.userId}`)
    .where(
      and(
        inArray(userWebhooks.userId, [...userIds]),
        isNull(userWebhooks.disabledAt),
        ne(users.subscriptionTier, 'trial'),
      ),
    )
    .orderBy(userWebhooks.id);
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
): OutgoingMessage {
  return {
    channel: 'webhook',
    kind: 'alert',
    recipient: maskWebhookUrl(hook.url),
    subject: alert.title,
    bodyText: JSON.stringify(alertPayload(hook.kind, appUrl, alert, lang)),
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
}): OutgoingMessage {
  const { hook } = input;
  return {
    channel: 'webhook',
    kind: 'digest',
    recipient: maskWebhookUrl(hook.url),
    subject: input.subject,
    bodyText: JSON.stringify(
      digestPayload(hook.kind, input.appUrl, input.subject, input.alerts, input.more, input.lang),
    ),
    userId: input.userId,
    webhookId: hook.id,
    dedupeKey: `webhook-digest:${hook.id}:${input.periodKey}`,
  };
}

const KIND_NAMES: Record<WebhookKind, string> = { slack: 'Slack', teams: 'Microsoft Teams' };

/** The email telling a member their hook was turned off (one per hook: the dedupe key). */
export function webhookDisabledEmail(input: {
  lang?: MessageLanguage;
  appUrl: string;
  email: string;
  firstName: string;
  userId: number;
  hook: { id: number; kind: WebhookKind; url: string };
  failures: number;
  lastError: string | null;
}): OutgoingMessage {
  const lang = input.lang ?? 'en';
  const service = KIND_NAMES[input.hook.kind];
  const where = maskWebhookUrl(input.hook.url);
  const mail = renderEmail({
    lang,
    subject: t(lang, 'webhookDisabled.subject', { service }),
    name: input.firstName,
    blocks: [
      { kind: 'p', text: t(lang, 'webhookDisabled.failed', { service, where, count: input.failures }) },
      ...(input.lastError
        ? [{ kind: 'p' as const, text: t(lang, 'webhookDisabled.lastError', { error: input.lastError }) }]
        : []),
      { kind: 'p', text: t(lang, 'webhookDisabled.check', { service }) },
      { kind: 'button', label: t(lang, 'webhookDisabled.button'), href: `${input.appUrl}/preferences` },
      { kind: 'p', text: t(lang, 'webhookDisabled.unaffected') },
    ],
  });
  return {
    channel: 'email',
    kind: 'webhook_disabled',
    recipient: input.email,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html,
    userId: input.userId,
    dedupeKey: `webhook-disabled:${input.hook.id}`,
  };
}
