import { desc } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { outbox } from '#server/db/schema';
import type { NotificationLog } from '#shared/schemas/notifications';

export const NOTIFICATION_LOG_LIMIT = 200;

/** j***@example.com for an address; *********456 for a number. */
export function maskRecipient(channel: 'email' | 'sms', recipient: string): string {
  if (channel === 'email') {
    const at = recipient.lastIndexOf('@');
    return at > 0 ? `${recipient[0]}***${recipient.slice(at)}` : '***';
  }
  const digits = recipient.replace(/\D/g, '');
  return digits.length > 3 ? `${'*'.repeat(digits.length - 3)}${digits.slice(-3)}` : '***';
}

/** The newest emails and texts of the outbox, recipients masked. */
export async function listNotificationLogs(
  db: DbOrTx,
  params: { limit?: number } = {},
): Promise<NotificationLog[]> {
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      kind: outbox.kind,
      subject: outbox.subject,
      recipient: outbox.recipient,
      status: outbox.status,
      sentAt: outbox.sentAt,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(Math.min(params.limit ?? NOTIFICATION_LOG_LIMIT, NOTIFICATION_LOG_LIMIT));
  return rows.map((r) => ({
    id: r.id,
    type: r.channel,
    kind: r.kind,
    subject: r.subject,
    recipient: maskRecipient(r.channel, r.recipient),
    status: r.status,
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
