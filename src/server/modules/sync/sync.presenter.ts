import { AppError } from '#server/http/errors';
import type { MonitoringLog, SyncOperation } from '#shared/schemas/sync';
import type { RunOutcome } from './run-sync';
import type { MonitoringLogRow, SyncOperationRow } from './sync.queries';
import type { TriggerResult } from './sync.service';

const COUNTERS = [
  'newPrimaryRecords',
  'updatedPrimaryRecords',
  'unchangedPrimaryRecords',
  'failedPrimaryRecords',
  'newSecondaryRecords',
  'updatedSecondaryRecords',
  'unchangedSecondaryRecords',
  'failedSecondaryRecords',
  'newAmendmentRecords',
  'updatedAmendmentRecords',
  'unchangedAmendmentRecords',
  'failedAmendmentRecords',
] as const;

/** A queued operation no worker has taken within this is shown as waiting for one. */
export const WORKER_WAIT_MS = 60_000;

/** POST /api/admin/sync/:kind: the sync is queued; the operations list follows it. */
export function presentSyncQueued(what: string, operationId: number) {
  return {
    message: `The ${what} sync is queued for a worker; its progress appears in the sync operations list.`,
    operationId,
    status: 'queued' as const,
  };
}

export function presentSyncOperation(row: SyncOperationRow, now = Date.now()): SyncOperation {
  const counters = Object.fromEntries(COUNTERS.map((c) => [c, row[c]])) as Record<
    (typeof COUNTERS)[number],
    number
  >;
  const details = (
    row.details && typeof row.details === 'object' ? row.details : {}
  ) as SyncOperation['details'];
  return {
    id: row.id,
    syncType: row.syncType,
    status: row.status,
    triggeredBy: row.triggeredBy,
    startedAt: row.startedAt.toISOString(),
    worker: typeof details.worker === 'string' ? details.worker : null,
    waitingForWorker: row.status === 'queued' && now - row.startedAt.getTime() > WORKER_WAIT_MS,
    completedAt: row.completedAt?.toISOString() ?? null,
    ...counters,
    totalRecordsProcessed: COUNTERS.reduce((n, c) => n + counters[c], 0),
    errorMessage: row.errorMessage,
    details: {
      ...details,
      detailedTracking: details.detailedTracking ?? {
        addedRecords: [],
        updatedRecords: [],
        failedRecords: [],
      },
    },
  };
}

export function presentMonitoringLog(row: MonitoringLogRow): MonitoringLog {
  return {
    id: row.id,
    operation: row.operation,
    jurisdiction: row.jurisdiction,
    details: row.details,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    duration: row.durationMs,
  };
}

/** A trigger whose every run failed answers 502 with the reasons (the client shows 'Sync Failed'). */
export function assertSomeRunSucceeded(result: TriggerResult, what: string): void {
  const { outcomes } = result;
  if (result.completed && outcomes.length && outcomes.every((o) => o.status === 'failed')) {
    throw new AppError(502, 'sync_failed', triggerMessage(result, what));
  }
}

/** Answers of the sync triggers, from what the runs reported. */
export function triggerTotals(result: TriggerResult, syncType?: string) {
  const outcomes = result.outcomes.filter((o) => !syncType || o.syncType === syncType);
  const sum = (pick: (o: RunOutcome) => number) => outcomes.reduce((n, o) => n + pick(o), 0);
  const added = sum((o) => o.items.added);
  const updated = sum((o) => o.items.updated);
  return {
    added,
    updated,
    failed: sum((o) => o.items.failed),
    synced: added + updated + sum((o) => o.items.unchanged),
  };
}

export function triggerMessage(result: TriggerResult, what: string): string {
  if (!result.completed) {
    return `The ${what} sync is running in the background; its progress appears in the sync operations list.`;
  }
  const failedRuns = result.outcomes.filter((o) => o.status === 'failed');
  if (failedRuns.length)
    return `The ${what} sync could not finish: ${failedRuns.map((o) => o.errorMessage).join('; ')}`;
  const t = triggerTotals(result);
  return `Synced ${t.synced} items from ${what} (${t.added} new, ${t.updated} updated${t.failed ? `, ${t.failed} failed` : ''}).`;
}

const started = (result: TriggerResult, what: string) => ({
  completed: result.completed,
  operationIds: result.operationIds,
  message: triggerMessage(result, what),
});

export function presentCountsAnswer(result: TriggerResult, what: string) {
  assertSomeRunSucceeded(result, what);
  const t = triggerTotals(result);
  return {
    syncedCount: t.synced,
    added: t.added,
    updated: t.updated,
    failed: t.failed,
    ...started(result, what),
  };
}

export function presentSecondaryAnswer(result: TriggerResult) {
  assertSomeRunSucceeded(result, 'legislation.gov.uk');
  const range = result.outcomes[0]?.summary.dateRange as
    { start: string | null; end: string | null } | undefined;
  return {
    totalSynced: triggerTotals(result).synced,
    dateRange: range ?? { start: null, end: null },
    ...started(result, 'legislation.gov.uk'),
  };
}

export function presentAdminLegislationAnswer(result: TriggerResult) {
  assertSomeRunSucceeded(result, 'UK Parliament and legislation.gov.uk');
  return {
    totalBillsFromParliament: triggerTotals(result, 'uk-parliament').synced,
    totalSecondaryLegislation: triggerTotals(result, 'secondary-legislation').synced,
    ...started(result, 'UK Parliament and legislation.gov.uk'),
  };
}
