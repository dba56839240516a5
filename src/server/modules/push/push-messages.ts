/**
 * The outbox messages of the push channel: one system notification per alert and browser the
 * member turned push on in, with the alert's title, its words and the link to the right tab
 * (the service worker shows it and opens the link). `push:{subscription}:{event}` is queued once;
 * a daily or weekly member's digest is one push per browser and period.
 */
import type { DbOrTx } from '#server/db/client';
import { alertLink, type AlertLine } from '#server/messages/alert-line';
import type { OutgoingMessage } from '#server/modules/outbox/outbox';
import { subscriptionsOf } from './push.queries';

export interface PushTarget {
  id: number;
  endpoint: string;
}

/** What the service worker receives (the decrypted push body). */
export interface PushPayload {
  title: string;
  body: string;
  /** the page the notification opens */
  url: string;
  /** one notification per item: a newer alert about it replaces the older */
  tag: string;
}

/** The push service's origin: where the message went, without the browser's capability path. */
export const pushServiceOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '…';
  }
};

/** The browsers of these members, by member. */
export async function pushTargetsOf(db: DbOrTx, userIds: Set<number>): Promise<Map<number, PushTarget[]>> {
  const byUser = new Map<number, PushTarget[]>();
  for (const r of await subscriptionsOf(db, [...userIds])) {
    const list = byUser.get(r.userId) ?? [];
    list.push({ id: r.id, endpoint: r.endpoint });
    byUser.set(r.userId, list);
  }
  return byUser;
}

export function pushAlertMessage(
  appUrl: string,
  target: PushTarget,
  changeEventId: number,
  alert: AlertLine,
  userId: number,
): OutgoingMessage {
  const payload: PushPayload = {
    title: alert.title,
    body: alert.message,
    url: alertLink(appUrl, alert),
    tag: `legal-change-${alert.legislationId}`,
  };
  return {
    channel: 'push',
    kind: 'alert',
    recipient: pushServiceOf(target.endpoint),
    subject: alert.title,
    bodyText: JSON.stringify(payload),
    userId,
    pushSubscriptionId: target.id,
    legalChangeId: alert.legislationId,
    dedupeKey: `push:${target.id}:${changeEventId}`,
  };
}

/** One push per browser and digest period: its subject, opening the dashboard. */
export function pushDigestMessage(input: {
  appUrl: string;
  target: PushTarget;
  userId: number;
  periodKey: string;
  subject: string;
}): OutgoingMessage {
  const payload: PushPayload = { title: input.subject, body: '', url: `${input.appUrl}/`, tag: 'digest' };
  return {
    channel: 'push',
    kind: 'digest',
    recipient: pushServiceOf(input.target.endpoint),
    subject: input.subject,
    bodyText: JSON.stringify(payload),
    userId: input.userId,
    pushSubscriptionId: input.target.id,
    dedupeKey: `push-digest:${input.target.id}:${input.periodKey}`,
  };
}
