import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { outbox } from '#server/db/schema';
import type { OutboxChannel } from '#shared/outbox';
import type { AdminNotificationLog, NotificationLogQuery, OutboxMessage } from '#shared/schemas/admin';

/** j***@example.com for an address; *********456 for a number; a webhook's or push's is stored masked already. */
export function maskRecipient(channel: OutboxChannel, recipient: string): string {
  if (channel === 'webhook' || channel === 'push') return recipient;
  if (channel === 'email') {
    const at = recipient.lastIndexOf('@');
    return at > 0 ? `${recipient[0]}***${recipient.slice(at)}` : '***';
  }
  const digits = recipient.replace(/\D/g, '');
  return digits.length > 3 ? `${'*'.repeat(digits.length - 3)}${digits.slice(-3)}` : '***';
}

/**
 * A page of the outbox, newest first, keyset by id. The recipient filter matches the full
 * address (case-insensitive) on the server; the answer only ever shows it masked.
 */
export async function listNotificationLogs(
  db: DbOrTx,
  params: NotificationLogQuery,
): Promise<{ logs: AdminNotificationLog[]; nextCursor: string | null }> {
  const where: SQL[] = [];
  if (params.channel) where.push(eq(outbox.channel, params.channel));
  if (params.status) where.push(eq(outbox.status, params.status));
  if (params.kind) where.push(eq(outbox.kind, params.kind));
  if (params.recipient) where.push(sql`lower(${outbox.recipient}) = lower(${params.recipient})`);
  if (params.cursor) where.push(lt(outbox.id, params.cursor));
  const limit = Math.min(params.limit, 100);
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      kind: outbox.kind,
      subject: outbox.subject,
      recipient: outbox.recipient,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      sentAt: outbox.sentAt,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    logs: page.map((r) => ({
      id: r.id,
      type: r.channel,
      kind: r.kind,
      subject: r.subject,
      recipient: maskRecipient(r.channel, r.recipient),
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      sentAt: r.sentAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}

/**
 * One message. Its body and full recipient are shown only while it is `kept` (held by the
 * embedded default because no provider is configured): then the outbox is the mail catcher.
 * Messages handed to a provider show metadata only.
 */
export async function findOutboxMessage(db: DbOrTx, id: number): Promise<OutboxMessage | null> {
  const [r] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!r) return null;
  const kept = r.status === 'kept';
  return {
    id: r.id,
    channel: r.channel,
    kind: r.kind,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    provider: r.provider,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    bodyAvailable: kept,
    subject: r.subject,
    recipient: kept ? r.recipient : maskRecipient(r.channel, r.recipient),
    text: kept ? r.bodyText : null,
    html: kept ? r.bodyHtml : null,
  };
}

/** Puts a failed message back in the queue, due now, with a fresh count of attempts. */
export async function requeueFailedMessage(
  db: DbOrTx,
  id: number,
): Promise<'requeued' | 'not_failed' | null> {
  const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
  if (!row) return null;
  const updated = await db
    .update(outbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning({ id: outbox.id });
  return updated.length ? 'requeued' : 'not_failed';
}
