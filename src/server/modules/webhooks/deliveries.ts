/**
 * The member's delivery log: their own outbox messages of the last 90 days, newest first,
 * keyset-paged by id. Only what was sent, when, where (masked) and how it went: never a body.
 */
import type { DbOrTx } from '#server/db/client';
import {
  DELIVERY_LOG_DAYS,
  type DeliveriesQuery,
  type Delivery,
  type DeliveryPage,
} from '#shared/schemas/webhooks';
import { deliveriesOf } from './deliveries.queries';
import { DAY_MS } from '#shared/time';

const KIND_LABELS: Record<string, string> = {
  phone_code: 'Phone verification code',
  verification: 'Email verification code',
  password_reset: 'Password reset',
};

/** m•••@example.com; •••• 3456 */
export function maskForMember(channel: Delivery['channel'], recipient: string): string {
  if (channel === 'webhook' || channel === 'push') return recipient; // already masked when queued
  if (channel === 'email') {
    const at = recipient.lastIndexOf('@');
    return at > 0 ? `${recipient[0]}•••${recipient.slice(at)}` : '•••';
  }
  const digits = recipient.replace(/\D/g, '');
  return digits.length > 4 ? `•••• ${digits.slice(-4)}` : '••••';
}

/** The subject, or the first line of a text cut to 80 characters; codes are never shown. */
function summaryOf(r: { kind: string; subject: string | null; firstLine: string }): string {
  if (KIND_LABELS[r.kind] && !r.subject) return KIND_LABELS[r.kind]!;
  if (r.kind === 'phone_code') return KIND_LABELS.phone_code!;
  const text = (r.subject ?? r.firstLine).trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const STATUS: Record<string, Delivery['status']> = {
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  failed: 'failed',
  kept: 'held',
};

export async function listDeliveries(
  db: DbOrTx,
  params: DeliveriesQuery & { userId: number; now?: Date },
): Promise<DeliveryPage> {
  const since = new Date((params.now ?? new Date()).getTime() - DELIVERY_LOG_DAYS * DAY_MS);
  const rows = await deliveriesOf(db, {
    userId: params.userId,
    since,
    cursor: params.cursor,
    limit: params.limit + 1,
  });
  const page = rows.slice(0, params.limit);
  return {
    data: page.map((r) => ({
      id: r.id,
      channel: r.channel,
      kind: r.kind,
      summary: summaryOf(r),
      recipient: maskForMember(r.channel, r.recipient),
      status: STATUS[r.status] ?? 'queued',
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      legalChange:
        r.legalChangeId !== null && r.legalChangeTitle !== null
          ? { id: r.legalChangeId, title: r.legalChangeTitle }
          : null,
    })),
    nextCursor: rows.length > params.limit ? String(page[page.length - 1]!.id) : null,
  };
}
