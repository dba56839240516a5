/**
 * One-click unsubscribe (RFC 8058): an opaque token per member and stream, signed with an HMAC
 * of APP_SECRET, and the switch it turns off. Unsubscribing takes effect before the answer:
 * the member's email alerts are off and their queued alert and digest emails are withdrawn.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import { outbox, users } from '#server/db/schema';
import { loadSecrets } from '#server/lib/secrets';

export type UnsubscribeChannel = 'email';

/** Outbox kinds an email unsubscribe withdraws while still queued. */
export const ALERT_EMAIL_KINDS = ['alert', 'digest', 'deadline'];

function signature(config: Config, userId: number, channel: string): string {
  return createHmac('sha256', loadSecrets(config).appSecret)
    .update(`unsubscribe:${userId}:${channel}`)
    .digest('base64url')
    .slice(0, 32);
}

export function unsubscribeToken(
  config: Config,
  userId: number,
  channel: UnsubscribeChannel = 'email',
): string {
  return `${userId}.${channel}.${signature(config, userId, channel)}`;
}

export function unsubscribeUrl(config: Config, userId: number): string {
  return `${config.appUrl}/api/unsubscribe?token=${unsubscribeToken(config, userId)}`;
}

/** The member and stream a token names, or null when it is malformed or forged. */
export function verifyUnsubscribeToken(
  config: Config,
  token: string,
): { userId: number; channel: UnsubscribeChannel } | null {
  const match = /^([1-9][0-9]{0,9})\.(email)\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const channel = match[2] as UnsubscribeChannel;
  const expected = Buffer.from(signature(config, userId, channel));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, channel } : null;
}

/** The member's stored language (null when the member is gone). */
export async function memberLanguage(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? null;
}

/** Turns the member's email alerts off and withdraws queued alert emails. Idempotent. */
export async function unsubscribeEmailAlerts(db: DbOrTx, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ emailNotificationsEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!updated.length) return false;
    await tx
      .update(outbox)
      .set({ status: 'failed', lastError: 'The member unsubscribed from alert emails' })
      .where(
        and(
          eq(outbox.userId, userId),
          eq(outbox.channel, 'email'),
          eq(outbox.status, 'queued'),
          inArray(outbox.kind, ALERT_EMAIL_KINDS),
        ),
      );
    return true;
  });
}
