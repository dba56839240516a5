import type { DbOrTx } from '#server/db/client';
import { outbox } from '#server/db/schema';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** verification | password_reset | alert | digest | deadline | phone_code | test */
  kind: string;
  recipient: string;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
  headers?: Record<string, string>;
  userId?: number | null;
  /** (member, event, channel) style key: the same key is never queued twice */
  dedupeKey?: string | null;
}

/**
 * Queues an email or SMS. Sending happens in the outbox sender job, with retries; a row
 * with an existing dedupe key is ignored, so re-runs never send twice. Returns the new
 * row id, or null when the key was already queued.
 */
export async function enqueueMessage(db: DbOrTx, message: OutgoingMessage): Promise<number | null> {
  const [row] = await db
    .insert(outbox)
    .values({
      channel: message.channel,
      kind: message.kind,
      recipient: message.recipient,
      subject: message.subject ?? null,
      bodyText: message.bodyText,
      bodyHtml: message.bodyHtml ?? null,
      headers: message.headers ?? null,
      userId: message.userId ?? null,
      dedupeKey: message.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return row?.id ?? null;
}
