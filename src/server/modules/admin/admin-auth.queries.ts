/** Figures for the administrator's system health banner, from the real tables. */
import { and, count, eq, gte, max } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, outbox, syncOperations, users } from '#server/db/schema';
import { parseUkTimestamp, toLondonIso } from '#server/sources/common/uk-time';

/** Midnight at the start of today in the UK. */
export function startOfUkDay(now: Date): Date {
  return parseUkTimestamp(`${toLondonIso(now).slice(0, 10)}T00:00:00`) ?? now;
}

export async function systemStats(db: DbOrTx, now: Date) {
  const today = startOfUkDay(now);
  // one after another: the embedded server runs one statement at a time anyway
  const [usersTotal] = await db.select({ n: count() }).from(users);
  const [usersToday] = await db.select({ n: count() }).from(users).where(gte(users.createdAt, today));
  const [legislation] = await db.select({ n: count() }).from(legalChanges);
  const [lastSync] = await db
    .select({ at: max(syncOperations.completedAt) })
    .from(syncOperations)
    .where(eq(syncOperations.status, 'completed'));
  const [sentToday] = await db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.status, 'sent'), gte(outbox.sentAt, today)));
  return {
    userCount: usersTotal?.n ?? 0,
    newUsersToday: usersToday?.n ?? 0,
    legislationCount: legislation?.n ?? 0,
    lastSync: lastSync?.at ?? null,
    notificationsSentToday: sentToday?.n ?? 0,
  };
}
