/**
 * Per-source progress kept in sync_cursors: high-water marks, items to retry and the page a
 * long backfill reached. Written only after the items it covers are stored. The leases of
 * sync-lock.ts are rows of the same table.
 */
import { and, eq, sql } from 'drizzle-orm';
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

/** Leases are rows of sync_cursors keyed 'lock:<kind>' whose cursor holds the holder and expiry. */
export async function insertLeaseIfFree(
  db: DbOrTx,
  params: { key: string; lease: object },
): Promise<boolean> {
  const taken = await db
    .insert(syncCursors)
    .values({ source: params.key, cursor: params.lease })
    .onConflictDoUpdate({
      target: syncCursors.source,
      set: { cursor: params.lease, updatedAt: sql`now()` },
      setWhere: sql`(${syncCursors.cursor}->>'until')::timestamptz < now()`,
    })
    .returning({ source: syncCursors.source });
  return taken.length > 0;
}

/** Replaces the lease held under `token`; false when another holder has it now. */
export async function replaceLease(
  db: DbOrTx,
  params: { key: string; token: string; lease: object },
): Promise<boolean> {
  const replaced = await db
    .update(syncCursors)
    .set({ cursor: params.lease, updatedAt: sql`now()` })
    .where(and(eq(syncCursors.source, params.key), sql`${syncCursors.cursor}->>'token' = ${params.token}`))
    .returning({ source: syncCursors.source });
  return replaced.length > 0;
}

export async function deleteLease(db: DbOrTx, params: { key: string; token: string }): Promise<void> {
  await db
    .delete(syncCursors)
    .where(and(eq(syncCursors.source, params.key), sql`${syncCursors.cursor}->>'token' = ${params.token}`));
}
