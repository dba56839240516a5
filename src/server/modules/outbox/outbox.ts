import type { OutboxChannel } from '#shared/outbox';
import type { DbOrTx } from '#server/db/client';
import { insertOutboxRow, insertOutboxRows, type NewOutboxRow } from './outbox.queries';

export interface OutgoingMessage {
  channel: OutboxChannel;
  /** verification | password_reset | alert | digest | deadline | phone_code | sms_budget | test */
  kind: string;
  recipient: string;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
  headers?: Record<string, string>;
  userId?: number | null;
  /** (member, event, channel) style key: the same key is never queued twice */
  dedupeKey?: string | null;
  /** a 'webhook' message's hook (its recipient is then the masked URL) */
  webhookId?: number | null;
  /** a 'push' message's browser subscription */
  pushSubscriptionId?: number | null;
  /** the item an alert is about (shown in the member's delivery log) */
  legalChangeId?: number | null;
  /** when it was queued and first due (by a caller's own clock); the database's now() when absent */
  queuedAt?: Date;
}

const outboxRow = (message: OutgoingMessage): NewOutboxRow => ({
  channel: message.channel,
  kind: message.kind,
  recipient: message.recipient,
  subject: message.subject ?? null,
  bodyText: message.bodyText,
  bodyHtml: message.bodyHtml ?? null,
  headers: message.headers ?? null,
  userId: message.userId ?? null,
  dedupeKey: message.dedupeKey ?? null,
  webhookId: message.webhookId ?? null,
  pushSubscriptionId: message.pushSubscriptionId ?? null,
  legalChangeId: message.legalChangeId ?? null,
  ...(message.queuedAt ? { createdAt: message.queuedAt, nextAttemptAt: message.queuedAt } : {}),
});

/**
 * Queues an email, SMS or team-chat post. Sending happens in the outbox sender job, with retries; a row
 * with an existing dedupe key is ignored, so re-runs never send twice. Returns the new
 * row id, or null when the key was already queued.
 */
export async function enqueueMessage(db: DbOrTx, message: OutgoingMessage): Promise<number | null> {
  return insertOutboxRow(db, outboxRow(message));
}

/**
 * Queues many messages in one statement (the same rules as enqueueMessage). Returns the
 * dedupe keys that were new, so callers can tell which messages a re-run had already queued.
 */
export async function enqueueMessages(db: DbOrTx, messages: OutgoingMessage[]): Promise<Set<string | null>> {
  if (!messages.length) return new Set();
  return new Set(await insertOutboxRows(db, messages.map(outboxRow)));
}
