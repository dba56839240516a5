/** A member's search terms. Every query is scoped to its owner. */
import { and, asc, count, eq, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { searchTerms } from '#server/db/schema';

const st = searchTerms;
const columns = { id: st.id, searchTerm: st.searchTerm, isActive: st.isActive, createdAt: st.createdAt };
export type SearchTermRow = { id: number; searchTerm: string; isActive: boolean; createdAt: Date };

export async function listSearchTerms(db: DbOrTx, params: { userId: number }): Promise<SearchTermRow[]> {
  return db
    .select(columns)
    .from(st)
    .where(eq(st.userId, params.userId))
    .orderBy(asc(st.createdAt), asc(st.id));
}

export async function countSearchTerms(db: DbOrTx, params: { userId: number }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(st).where(eq(st.userId, params.userId));
  return row?.n ?? 0;
}

/** How many words of a term the matcher can search for (common words such as "the" are not indexed). */
export async function searchableWordCount(db: DbOrTx, term: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select coalesce(cardinality(tsvector_to_array(to_tsvector('english', ${term}))), 0)::int as n`,
  );
  return rows[0]?.n ?? 0;
}

/** Adds a term; null when the member already has it (any case). */
export async function insertSearchTerm(
  db: DbOrTx,
  params: { userId: number; searchTerm: string },
): Promise<SearchTermRow | null> {
  const [row] = await db
    .insert(st)
    .values({ userId: params.userId, searchTerm: params.searchTerm })
    .onConflictDoNothing()
    .returning(columns);
  return row ?? null;
}

export async function deleteSearchTerm(db: DbOrTx, params: { userId: number; id: number }): Promise<boolean> {
  const rows = await db
    .delete(st)
    .where(and(eq(st.id, params.id), eq(st.userId, params.userId)))
    .returning({ id: st.id });
  return rows.length > 0;
}

/** Flips the term's switch, or sets it when `isActive` is given; null when it is not the member's. */
export async function toggleSearchTerm(
  db: DbOrTx,
  params: { userId: number; id: number; isActive?: boolean | undefined },
): Promise<SearchTermRow | null> {
  const [row] = await db
    .update(st)
    .set({ isActive: params.isActive === undefined ? not(st.isActive) : params.isActive })
    .where(and(eq(st.id, params.id), eq(st.userId, params.userId)))
    .returning(columns);
  return row ?? null;
}
