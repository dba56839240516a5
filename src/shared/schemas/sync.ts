/**
 * Contracts of the sync triggers and the administrator's Legislation Sync and Monitoring tabs
 * (spec document 2, sections 2.5, 3 and 7). Each schema is exported beside its type.
 */
import { z } from 'zod';

import { SYNC_KINDS, type SyncKind } from '../sync-kinds';

export { SYNC_KINDS, type SyncKind };

/** Path params of POST /api/admin/sync/:kind */
export const syncKindParamSchema = z.object({ kind: z.enum(SYNC_KINDS) });

const started = {
  /** true when every sync finished within the wait; false when they go on in the background (202) */
  completed: z.boolean(),
  /** the sync operations started (see GET /api/admin/legislation-sync-cache) */
  operationIds: z.array(z.number()),
  message: z.string(),
};

/** POST /api/sync-uk-legislation: UK Parliament bills and legislation.gov.uk, now. */
export const ukLegislationSyncResponseSchema = z.object({
  /** items stored or confirmed (added + updated + unchanged) */
  syncedCount: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  ...started,
});
export type UkLegislationSyncResponse = z.infer<typeof ukLegislationSyncResponseSchema>;

/** POST /api/sync-secondary-legislation: the legislation.gov.uk Publication Log, now. */
export const secondaryLegislationSyncResponseSchema = z.object({
  totalSynced: z.number().int(),
  /** the Publication Log days read, 'YYYY-MM-DD' (null before the run reports them) */
  dateRange: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  ...started,
});
export type SecondaryLegislationSyncResponse = z.infer<typeof secondaryLegislationSyncResponseSchema>;

/** POST /api/sync-scottish-parliament */
export const scottishSyncResponseSchema = z.object({
  syncedCount: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  ...started,
});
export type ScottishSyncResponse = z.infer<typeof scottishSyncResponseSchema>;

/** POST /api/legal-changes/:id/sync-amendments */
export const amendmentsSyncResponseSchema = z.object({
  /** amendments now held for the bill */
  amendmentCount: z.number().int(),
  newAmendments: z.number().int(),
  updatedAmendments: z.number().int(),
  /** bill stages whose amendments could not be read this time */
  failedStages: z.number().int(),
  operationId: z.number(),
});
export type AmendmentsSyncResponse = z.infer<typeof amendmentsSyncResponseSchema>;

/** POST /api/admin/sync/:kind (202): the operation is recorded as queued; a worker runs it. */
export const adminSyncStartedSchema = z.object({
  message: z.string(),
  /** the queued operation (see GET /api/admin/legislation-sync-cache) */
  operationId: z.number(),
  status: z.literal('queued'),
});
export type AdminSyncStarted = z.infer<typeof adminSyncStartedSchema>;

/** POST /api/admin/sync-legislation */
export const adminLegislationSyncResponseSchema = z.object({
  totalBillsFromParliament: z.number().int(),
  totalSecondaryLegislation: z.number().int(),
  ...started,
});
export type AdminLegislationSyncResponse = z.infer<typeof adminLegislationSyncResponseSchema>;

export const addedRecordSchema = z.object({
  title: z.string(),
  dbId: z.number().nullable(),
  billId: z.string().nullable(),
  currentStage: z.string().nullable(),
  currentHouse: z.string().nullable(),
  parliamentarySession: z.string().nullable(),
  dateAdded: z.string(),
  source: z.string(),
});
export const updatedRecordSchema = z.object({
  title: z.string(),
  dbId: z.number().nullable(),
  billId: z.string().nullable(),
  changeType: z.string(),
  fieldsChanged: z.array(z.string()),
  lastUpdatedDate: z.string().nullable(),
});
export const failedRecordSchema = z.object({
  title: z.string(),
  dbId: z.number().nullable(),
  billId: z.string().nullable(),
  /** an upstream error kind (http_status, timeout, html_instead_of_data, …), 'mapping' or 'storage' */
  errorType: z.string(),
  errorMessage: z.string(),
  failurePoint: z.string(),
  retryAttempts: z.number().int(),
});

/** One element of GET /api/admin/legislation-sync-cache `operations`, newest first. */
export const syncOperationSchema = z.object({
  id: z.number(),
  /** uk-parliament | secondary-legislation | scottish-parliament | effects | backfill-legislation | recheck-followed-bills | amendments | timeline | snapshot | news-cache */
  syncType: z.string(),
  /** queued: waiting for a worker; running: a worker has taken it */
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  triggeredBy: z.string(),
  /** when it was queued, then when a worker took it */
  startedAt: z.string(),
  /** the worker process that runs (or ran) it, once taken: 'host pid N' */
  worker: z.string().nullable(),
  /** still queued a minute after it was asked for: no worker has taken it */
  waitingForWorker: z.boolean(),
  completedAt: z.string().nullable(),
  newPrimaryRecords: z.number().int(),
  updatedPrimaryRecords: z.number().int(),
  unchangedPrimaryRecords: z.number().int(),
  failedPrimaryRecords: z.number().int(),
  newSecondaryRecords: z.number().int(),
  updatedSecondaryRecords: z.number().int(),
  unchangedSecondaryRecords: z.number().int(),
  failedSecondaryRecords: z.number().int(),
  newAmendmentRecords: z.number().int(),
  updatedAmendmentRecords: z.number().int(),
  unchangedAmendmentRecords: z.number().int(),
  failedAmendmentRecords: z.number().int(),
  /** the sum of the twelve counters */
  totalRecordsProcessed: z.number().int(),
  errorMessage: z.string().nullable(),
  details: z
    .object({
      detailedTracking: z
        .object({
          addedRecords: z.array(addedRecordSchema),
          updatedRecords: z.array(updatedRecordSchema),
          failedRecords: z.array(failedRecordSchema),
        })
        .optional(),
    })
    .catchall(z.unknown()),
});
export type SyncOperation = z.infer<typeof syncOperationSchema>;

/** One upstream sync: when it last ran and last succeeded (times the service recorded). */
export const syncSourceStatusSchema = z.object({
  kind: z.enum(SYNC_KINDS),
  /** how often it is scheduled to run */
  expectedIntervalMinutes: z.number().int(),
  /** when a run was last asked for or started (any outcome) */
  lastAttemptAt: z.string().nullable(),
  /** when its newest finished run ended, and how */
  lastRunAt: z.string().nullable(),
  lastRunStatus: z.enum(['completed', 'failed']).nullable(),
  /** when a run last completed */
  lastSuccessAt: z.string().nullable(),
  /** no success within its expected interval (with a grace) although it was tried, or a bundled snapshot in use */
  stale: z.boolean(),
});
export type SyncSourceStatus = z.infer<typeof syncSourceStatusSchema>;

/** GET /api/data-freshness: whether members see bundled or stale data (the dashboard's banner). */
export const dataFreshnessSchema = z.object({
  /** true while the bundled snapshot or a stale source is shown */
  stale: z.boolean(),
  /** the bundled snapshot, while no live sync has succeeded since it was loaded */
  /** `takenAt`: the day its newest recorded upstream answer was read; `loadedAt`: when this service loaded it */
  snapshot: z.object({ takenAt: z.string(), loadedAt: z.string(), items: z.number().int() }).nullable(),
  /** the sources of the items members see */
  sources: z.array(syncSourceStatusSchema),
});
export type DataFreshness = z.infer<typeof dataFreshnessSchema>;

/** GET /api/admin/legislation-sync-cache */
export const syncOperationListSchema = z.object({
  /** every upstream sync with its last run and last success */
  sources: z.array(syncSourceStatusSchema),
  /** over every recorded operation */
  summary: z.object({
    queued: z.number().int(),
    completed: z.number().int(),
    running: z.number().int(),
    failed: z.number().int(),
  }),
  /** the 20 most recent */
  operations: z.array(syncOperationSchema),
});
export type SyncOperationList = z.infer<typeof syncOperationListSchema>;

/** One element of GET /api/admin/monitoring-logs (newest 200). */
export const monitoringLogSchema = z.object({
  id: z.number(),
  operation: z.string(),
  jurisdiction: z.string(),
  details: z.string().nullable(),
  /** success | failed */
  status: z.string(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  /** milliseconds */
  duration: z.number().nullable(),
});
export type MonitoringLog = z.infer<typeof monitoringLogSchema>;
export const monitoringLogListSchema = z.array(monitoringLogSchema);
