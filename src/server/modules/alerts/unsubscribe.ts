/**
 * One-click unsubscribe (RFC 8058): an opaque token per member and stream, signed with an HMAC
 * of APP_SECRET, and the switch it turns off. Unsubscribing takes effect before the answer:
 * the member's email alerts are off and their queued alert and digest emails are withdrawn.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import { pickLanguage, type MessageLanguage } from '#server/messages/i18n';
import { memberLanguage } from '#server/modules/auth/member-language.queries';
import { turnEmailAlertsOff } from './unsubscribe.queries';

export type UnsubscribeChannel = 'email';

/** Outbox kinds an email unsubscribe withdraws while still queued. */
export const ALERT_EMAIL_KINDS = ['alert', 'digest', 'deadline'];

function signature(appSecret: string, userId: number, channel: string): string {
  return createHmac('sha256', appSecret)
    .update(`unsubscribe:${userId}:${channel}`)
    .digest('base64url')
    .slice(0, 32);
}

export function unsubscribeToken(
  appSecret: string,
  userId: number,
  channel: UnsubscribeChannel = 'email',
): string {
  return `${userId}.${channel}.${signature(appSecret, userId, channel)}`;
}

export function unsubscribeUrl(config: Config, appSecret: string, userId: number): string {
  return `${config.appUrl}/api/unsubscribe?token=${unsubscribeToken(appSecret, userId)}`;
}

/** The member and stream a token names, or null when it is malformed or forged. */
export function verifyUnsubscribeToken(
  appSecret: string,
  token: string,
): { userId: number; channel: UnsubscribeChannel } | null {
  const match = /^([1-9][0-9]{0,9})\.(email)\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const channel = match[2] as UnsubscribeChannel;
  const expected = Buffer.from(signature(appSecret, userId, channel));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, channel } : null;
}

/** Turns the member's email alerts off and withdraws their queued alert emails. Idempotent. */
export function unsubscribeEmailAlerts(db: DbOrTx, userId: number): Promise<boolean> {
  return turnEmailAlertsOff(db, userId, ALERT_EMAIL_KINDS);
}

/** The unsubscribe page's language: the member's, else the browser's. */
export async function unsubscribePageLanguage(
  db: DbOrTx,
  userId: number,
  acceptLanguage: string | undefined,
): Promise<MessageLanguage> {
  return pickLanguage(await memberLanguage(db, userId), acceptLanguage);
}
