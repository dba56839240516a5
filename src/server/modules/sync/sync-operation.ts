import { hostname } from 'node:os';
import type { Db } from '#server/db/client';
import {
  claimQueuedOperation,
  insertMonitoringLog,
  insertSyncOperation,
  saveSyncOperation,
} from './sync-runs.queries';

/** This process, as the operations list names the worker that runs a sync. */
export const WORKER_NAME = `${hostname()} pid ${process.pid}`;

export type RecordGroup = 'Primary' | 'Secondary' | 'Amendment';

export interface AddedRecord {
  title: string;
  dbId: number | null;
  billId: string | null;
  currentStage: string | null;
  currentHouse: string | null;
  parliamentarySession: string | null;
  dateAdded: string;
  source: string;
}
export interface UpdatedRecord {
  title: string;
  dbId: number | null;
  billId: string | null;
  changeType: string;
  fieldsChanged: string[];
  lastUpdatedDate: string | null;
}
export interface FailedRecord {
  title: string;
  dbId: number | null;
  billId: string | null;
  errorType: string;
  errorMessage: string;
  failurePoint: string;
  retryAttempts: number;
}

const MAX_DETAILED = 500;

/**
 * One recorded sync run (spec doc 2 §3 "Sync operation"): the twelve counters and the
 * detailed tracking of added, updated and failed records, saved as the run goes so a run
 * killed half-way still shows what it did.
 */
export class SyncRun {
  readonly counters: Record<string, number> = {};
  readonly added: AddedRecord[] = [];
  readonly updated: UpdatedRecord[] = [];
  readonly failed: FailedRecord[] = [];
  readonly extra: Record<string, unknown> = {};

  private constructor(
    private readonly db: Db,
    readonly id: number,
    readonly syncType: string,
    readonly jurisdiction: string,
  ) {}

  /**
   * Starts the run: takes the queued operation `queuedId` when it is still queued (it was asked
   * for and recorded before a worker took it), else records a new one.
   */
  static async start(
    db: Db,
    syncType: string,
    triggeredBy: string,
    jurisdiction = 'UK',
    queuedId?: number,
  ): Promise<SyncRun> {
    const worker = WORKER_NAME;
    const queued = queuedId ? await claimQueuedOperation(db, { id: queuedId, worker }) : null;
    const id = queued
      ? queuedId!
      : await insertSyncOperation(db, { syncType, triggeredBy, details: { worker } });
    const run = new SyncRun(db, id, syncType, jurisdiction);
    Object.assign(run.extra, queued ?? {}, { worker });
    return run;
  }

  count(group: RecordGroup, outcome: 'new' | 'updated' | 'unchanged' | 'failed', by = 1): void {
    const key = `${outcome}${group}Records`;
    this.counters[key] = (this.counters[key] ?? 0) + by;
  }

  recordAdded(group: RecordGroup, r: AddedRecord): void {
    this.count(group, 'new');
    if (this.added.length < MAX_DETAILED) this.added.push(r);
  }

  recordUpdated(group: RecordGroup, r: UpdatedRecord): void {
    this.count(group, 'updated');
    if (this.updated.length < MAX_DETAILED) this.updated.push(r);
  }

  recordFailed(group: RecordGroup, r: FailedRecord): void {
    this.count(group, 'failed');
    if (this.failed.length < MAX_DETAILED) this.failed.push(r);
  }

  total(): number {
    return Object.values(this.counters).reduce((a, b) => a + b, 0);
  }

  private values() {
    return {
      newPrimaryRecords: this.counters.newPrimaryRecords ?? 0,
      updatedPrimaryRecords: this.counters.updatedPrimaryRecords ?? 0,
      unchangedPrimaryRecords: this.counters.unchangedPrimaryRecords ?? 0,
      failedPrimaryRecords: this.counters.failedPrimaryRecords ?? 0,
      newSecondaryRecords: this.counters.newSecondaryRecords ?? 0,
      updatedSecondaryRecords: this.counters.updatedSecondaryRecords ?? 0,
      unchangedSecondaryRecords: this.counters.unchangedSecondaryRecords ?? 0,
      failedSecondaryRecords: this.counters.failedSecondaryRecords ?? 0,
      newAmendmentRecords: this.counters.newAmendmentRecords ?? 0,
      updatedAmendmentRecords: this.counters.updatedAmendmentRecords ?? 0,
      unchangedAmendmentRecords: this.counters.unchangedAmendmentRecords ?? 0,
      failedAmendmentRecords: this.counters.failedAmendmentRecords ?? 0,
      details: {
        ...this.extra,
        detailedTracking: {
          addedRecords: this.added,
          updatedRecords: this.updated,
          failedRecords: this.failed,
        },
      },
    };
  }

  /** Saves progress (counters and details) without ending the run. */
  async checkpoint(): Promise<void> {
    await saveSyncOperation(this.db, { id: this.id, values: this.values() });
  }

  async finish(status: 'completed' | 'failed', errorMessage?: string): Promise<void> {
    await saveSyncOperation(this.db, {
      id: this.id,
      values: this.values(),
      finished: { status, errorMessage: errorMessage ?? null },
    });
  }

  /** Records one upstream operation in the monitoring log. */
  async monitor<T>(operation: string, details: string, work: () => Promise<T>): Promise<T> {
    const startedAt = new Date();
    try {
      const result = await work();
      await this.log(operation, details, 'success', startedAt);
      return result;
    } catch (error) {
      await this.log(
        operation,
        `${details}: ${(error as Error).message}`.slice(0, 1000),
        'failed',
        startedAt,
      );
      throw error;
    }
  }

  private async log(operation: string, details: string, status: string, startedAt: Date): Promise<void> {
    const completedAt = new Date();
    await insertMonitoringLog(this.db, {
      operation,
      jurisdiction: this.jurisdiction,
      details,
      status,
      syncOperationId: this.id,
      startedAt,
      completedAt,
      durationMs: completedAt.getTime() - startedAt.getTime(),
    });
  }
}
