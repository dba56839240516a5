/** The member's own outbox messages since a moment, newest first, keyset-paged by id. */
import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, outbox } from '#server/db/schema';

export async function deliveriesOf(
  db: DbOrTx,
  params: { userId: number; since: Date; cursor?: string | undefined; limit: number },
) {
  const where: SQL[] = [eq(outbox.userId, params.userId), gt(outbox.createdAt, params.since)];
  if (params.cursor) where.push(lt(outbox.id, Number(params.cursor)));
  return db
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
    .limit(params.limit);
}
