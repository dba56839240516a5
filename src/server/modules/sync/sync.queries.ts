import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, monitoringLogs, syncOperations } from '#server/db/schema';

export async function recentSyncOperations(db: DbOrTx, params: { limit: number }) {
  return db
    .select()
    .from(syncOperations)
    .orderBy(desc(syncOperations.startedAt), desc(syncOperations.id))
    .limit(params.limit);
}
export type SyncOperationRow = Awaited<ReturnType<typeof recentSyncOperations>>[number];

/** Operations per status, over every recorded operation. */
export async function syncStatusCounts(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: syncOperations.status, n: count() })
    .from(syncOperations)
    .groupBy(syncOperations.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export async function recentMonitoringLogs(db: DbOrTx, params: { limit: number }) {
  return db
    .select()
    .from(monitoringLogs)
    .orderBy(desc(monitoringLogs.startedAt), desc(monitoringLogs.id))
    .limit(params.limit);
}
export type MonitoringLogRow = Awaited<ReturnType<typeof recentMonitoringLogs>>[number];

export async function legalChangeSourceOf(db: DbOrTx, params: { legalChangeId: number }) {
  const [row] = await db
    .select({
      id: legalChanges.id,
      source: legalChanges.source,
      legislationType: legalChanges.legislationType,
    })
    .from(legalChanges)
    .where(eq(legalChanges.id, params.legalChangeId));
  return row ?? null;
}
