import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, userActions } from '#server/db/schema';

const lc = legalChanges;
const ua = userActions;

/** How many items match `where` (a shared filter: the caller keeps the count briefly). */
export async function countMatching(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lc).where(where);
  return row?.n ?? 0;
}

/** How many of the member's dismissed items a filter matches (taken off the shared total). */
export async function countDismissed(db: DbOrTx, memberId: number, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ua)
    .innerJoin(lc, eq(lc.id, ua.legalChangeId))
    .where(and(eq(ua.userId, memberId), eq(ua.action, 'dismissed'), where));
  return row?.n ?? 0;
}

/** How many rows match `where`, counting no further than `limit`. */
export async function countUpTo(db: DbOrTx, where: SQL | undefined, limit: number): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(lc)
    .where(where)
    .limit(limit)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}
