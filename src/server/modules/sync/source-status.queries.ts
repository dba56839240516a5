/** Per sync kind: when it was last tried, last finished (and how), and last completed. */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { syncOperations } from '#server/db/schema';

export interface SourceRunTimes {
  syncType: string;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
}

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);

export async function sourceRunTimes(db: DbOrTx, params: { syncTypes: string[] }): Promise<SourceRunTimes[]> {
  const rows = await db
    .select({
      syncType: syncOperations.syncType,
      lastAttemptAt: sql<unknown>`max(${syncOperations.startedAt})`,
      lastSuccessAt: sql<unknown>`max(coalesce(${syncOperations.completedAt}, ${syncOperations.startedAt})) filter (where ${syncOperations.status} = 'completed')`,
      lastFailureAt: sql<unknown>`max(coalesce(${syncOperations.completedAt}, ${syncOperations.startedAt})) filter (where ${syncOperations.status} = 'failed')`,
    })
    .from(syncOperations)
    .where(inArray(syncOperations.syncType, params.syncTypes))
    .groupBy(syncOperations.syncType);
  return rows.map((r) => ({
    syncType: r.syncType,
    lastAttemptAt: asDate(r.lastAttemptAt),
    lastSuccessAt: asDate(r.lastSuccessAt),
    lastFailureAt: asDate(r.lastFailureAt),
  }));
}
