/** The administrator's view of syncs: recent operations with counts per status, and the monitoring log. */
import type { Db } from '#server/db/client';
import { syncSourceStatuses } from './data-freshness.service';
import { presentMonitoringLog, presentSyncOperation } from './sync.presenter';
import { recentMonitoringLogs, recentSyncOperations, syncStatusCounts } from './sync.queries';

export async function legislationSyncOverview(db: Db, syncIntervalMinutes: number) {
  const [rows, counts, sources] = await Promise.all([
    recentSyncOperations(db, { limit: 20 }),
    syncStatusCounts(db),
    syncSourceStatuses(db, syncIntervalMinutes),
  ]);
  const summary = {
    queued: counts.queued ?? 0,
    completed: counts.completed ?? 0,
    running: counts.running ?? 0,
    failed: counts.failed ?? 0,
  };
  return { sources, summary, operations: rows.map((row) => presentSyncOperation(row)) };
}

export async function monitoringLog(db: Db) {
  return (await recentMonitoringLogs(db, { limit: 200 })).map(presentMonitoringLog);
}
