/** Email through SMTP; every copy of an outbox email carries the same Message-ID. */
import type { EmailTransport } from '#server/providers/email/transport';
import type { OutboxRow } from '../outbox.queries';
import type { ChannelContext, OutboxChannel } from './channel';

/**
 * The Message-ID of an outbox email: the row's id and the moment it was queued (so two
 * databases never make the same one), at the sender's domain.
 */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'createdAt'>, domain: string): string {
  return `<outbox.${row.id}.${row.createdAt.getTime().toString(36)}@${domain}>`;
}

export function emailChannel(ctx: ChannelContext, email: EmailTransport): OutboxChannel {
  const mailDomain = /@([^>\s]+)>?\s*$/.exec(ctx.config.MAIL_FROM)?.[1] ?? 'lexwatch.local';
  return {
    name: 'email',
    claim: async (now, limit) => ({ rows: await ctx.claimDue(ctx.db, 'email', now, limit) }),
    async send(row) {
      const message = {
        to: row.recipient,
        subject: row.subject ?? '',
        text: row.bodyText,
        html: row.bodyHtml,
        headers: row.headers,
        // one Message-ID per outbox row, the same on every attempt: a copy sent again after a
        // crash between the server's acceptance and our 'sent' mark is recognisable as a copy
        messageId: outboxMessageId(row, mailDomain),
      };
      return { provider: 'smtp', id: (await email.send(message)).messageId };
    },
    close: () => email.close(),
  };
}
