/**
 * Per-source progress kept in sync_cursors: high-water marks, items to retry and the page a
 * long backfill reached. Written only after the items it covers are stored.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { syncCursors } from '#server/db/schema';

export async function readCursor<T extends object>(db: DbOrTx, source: string): Promise<T | null> {
  const [row] = await db
    .select({ cursor: syncCursors.cursor })
    .from(syncCursors)
    .where(eq(syncCursors.source, source));
  return (row?.cursor as T | undefined) ?? null;
}

export async function writeCursor(db: DbOrTx, source: string, cursor: object): Promise<void> {
  await db
    .insert(syncCursors)
    .values({ source, cursor })
    .onConflictDoUpdate({ target: syncCursors.source, set: { cursor, updatedAt: sql`now()` } });
}
