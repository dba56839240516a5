/**
 * The member's delivery log: their own outbox messages of the last 90 days, newest first,
 * keyset-paged by id. Only what was sent, when, where (masked) and how it went: never a body.
 */
import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, outbox } from '#server/db/schema';
import {
  DELIVERY_LOG_DAYS,
  type DeliveriesQuery,
  type Delivery,
  type DeliveryPage,
} from '#shared/schemas/webhooks';

const KIND_LABELS: Record<string, string> = {
  phone_code: 'Phone verification code',
  verification: 'Email verification code',
  password_reset: 'Password reset',
};

/** m•••@example.com; •••• 3456 */
export function maskForMember(channel: Delivery['channel'], recipient: string): string {
  if (channel === 'webhook') return recipient;
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
  const since = new Date((params.now ?? new Date()).getTime() - DELIVERY_LOG_DAYS * 86_400_000);
  const where: SQL[] = [eq(outbox.userId, params.userId), gt(outbox.createdAt, since)];
  if (params.cursor) where.push(lt(outbox.id, Number(params.cursor)));
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      kind: outbox.kind,
      subject: outbox.subject,
      // only a webhook's title or a text's first line is read, never a whole body
      firstLine: sql<string>`case when ${outbox.channel} = 'sms' then left(split_part(${outbox.bodyText}, E'\\n', 1), 100) else '' end`,
      recipient: outbox.recipient,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      legalChangeId: legalChanges.id,
      legalChangeTitle: legalChanges.title,
    })
    .from(outbox)
    .leftJoin(legalChanges, eq(legalChanges.id, outbox.legalChangeId))
    .where(and(...where))
    .orderBy(desc(outbox.id))
    .limit(params.limit + 1);
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
