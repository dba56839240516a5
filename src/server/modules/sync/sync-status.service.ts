/** The administrator's view of syncs: recent operations with counts per status, and the monitoring log. */
import type { Db } from '#server/db/client';
import { presentMonitoringLog, presentSyncOperation } from './sync.presenter';
import { recentMonitoringLogs, recentSyncOperations, syncStatusCounts } from './sync.queries';

export async function legislationSyncOverview(db: Db) {
  const [rows, counts] = await Promise.all([recentSyncOperations(db, { limit: 20 }), syncStatusCounts(db)]);
  const summary = {
    queued: counts.queued ?? 0,
    completed: counts.completed ?? 0,
    running: counts.running ?? 0,
    failed: counts.failed ?? 0,
  };
  return { summary, operations: rows.map((row) => presentSyncOperation(row)) };
}

export async function monitoringLog(db: Db) {
  return (await recentMonitoringLogs(db, { limit: 200 })).map(presentMonitoringLog);
}
