/**
 * Stores one mapped item with its children in one short transaction (the embedded database
 * serialises transactions, so a sync never holds one across items or upstream calls), and
 * records the outcome in the run's counters and detailed tracking.
 */
import type { Db, Tx } from '#server/db/client';
import { UpstreamError } from '#server/sources/http';
import type {
  MappedAmendment,
  MappedDocument,
  MappedLegalChange,
  MappedTimelineEvent,
} from '#server/sources/types';
import { markEventsProcessed } from './legal-change-store.queries';
import type { RecordGroup, SyncRun } from './sync-operation';
import { upsertLegalChange, type LegalChangeUpsert } from './upsert-legal-change';
import { upsertAmendments, upsertDocuments, upsertTimelineEvents, type ChildCounts } from './upsert-children';

export interface ItemBundle {
  item: MappedLegalChange;
  timeline?: MappedTimelineEvent[];
  documents?: MappedDocument[];
  amendments?: MappedAmendment[];
}

export interface StoreOptions {
  /**
   * The run's change events are not news (bundled snapshot, historic backfill, first load):
   * they are marked processed in the same transaction, so no alert is ever sent for them.
   */
  quiet?: boolean;
  /** more writes that must commit with the item (e.g. the upstream snapshot hash) */
  alsoWrite?: (tx: Tx, legalChangeId: number) => Promise<void>;
  /** the item comes from the bundled snapshot of this date */
  snapshotTakenAt?: string;
}

export interface StoredItem {
  id: number;
  outcome: LegalChangeUpsert['outcome'];
  amendments: ChildCounts;
}

const NONE: ChildCounts = { added: 0, updated: 0, unchanged: 0 };

export const groupOf = (item: Pick<MappedLegalChange, 'category'>): RecordGroup =>
  item.category === 'primary' ? 'Primary' : 'Secondary';

export interface Failure {
  errorType: string;
  errorMessage: string;
  retryAttempts: number;
}

/** An UpstreamError keeps its kind and attempts; anything else is the given type. */
export function failureOf(error: unknown, fallbackType = 'mapping'): Failure {
  if (error instanceof UpstreamError) {
    return { errorType: error.kind, errorMessage: error.message, retryAttempts: error.attempts };
  }
  return {
    errorType: fallbackType,
    errorMessage: error instanceof Error ? error.message : String(error),
    retryAttempts: 0,
  };
}

/**
 * A host that cannot be reached at all (DNS, refused connection) fails the whole run instead of
 * each remaining item: nothing past the stored items is lost, and the queue retries the run.
 */
export function rethrowIfUnreachable(error: unknown): void {
  if (error instanceof UpstreamError && error.kind === 'network') throw error;
}

export function recordFailure(
  run: SyncRun,
  group: RecordGroup,
  what: { title: string; upstreamId?: string | null; dbId?: number | null },
  failurePoint: string,
  error: unknown,
  fallbackType?: string,
): void {
  run.recordFailed(group, {
    title: what.title,
    dbId: what.dbId ?? null,
    billId: what.upstreamId ?? null,
    failurePoint,
    ...failureOf(error, fallbackType),
  });
}

export async function storeItem(
  db: Db,
  run: SyncRun,
  bundle: ItemBundle,
  options: StoreOptions = {},
): Promise<StoredItem | null> {
  const { item } = bundle;
  const group = groupOf(item);
  let result;
  try {
    result = await db.transaction(async (tx) => {
      const upsert = await upsertLegalChange(tx, item, run.id, {
        snapshotTakenAt: options.snapshotTakenAt ?? null,
      });
      const timeline = bundle.timeline ? await upsertTimelineEvents(tx, upsert.id, bundle.timeline) : NONE;
      const documents = bundle.documents
        ? await upsertDocuments(tx, upsert.id, bundle.documents, run.id)
        : NONE;
      const amendments = bundle.amendments
        ? await upsertAmendments(tx, upsert.id, bundle.amendments, run.id)
        : NONE;
      await options.alsoWrite?.(tx, upsert.id);
      if (options.quiet) await markEventsProcessed(tx, run.id, upsert.id);
      return { upsert, timeline, documents, amendments };
    });
  } catch (error) {
    recordFailure(run, group, { title: item.title, upstreamId: item.upstreamId }, 'store', error, 'storage');
    return null;
  }
  const { upsert, timeline, documents, amendments } = result;
  const base = { title: item.title, dbId: upsert.id, billId: item.upstreamId };
  if (upsert.outcome === 'new') {
    run.recordAdded(group, {
      ...base,
      currentStage: item.currentStage,
      currentHouse: item.currentHouse,
      parliamentarySession: item.parliamentarySession,
      dateAdded: new Date().toISOString(),
      source: item.source,
    });
  } else {
    const children = [
      ...(documents.added + documents.updated ? ['documents'] : []),
      ...(timeline.added + timeline.updated ? ['timeline'] : []),
    ];
    if (upsert.outcome === 'updated' || children.length) {
      run.recordUpdated(group, {
        ...base,
        changeType:
          upsert.events[0] ??
          (documents.added
            ? 'documents_added'
            : upsert.outcome === 'updated'
              ? 'details_updated'
              : 'timeline_updated'),
        fieldsChanged: [...upsert.changedFields, ...children],
        lastUpdatedDate: item.lastUpdatedDate,
      });
    } else run.count(group, 'unchanged');
  }
  countAmendments(run, amendments);
  return { id: upsert.id, outcome: upsert.outcome, amendments };
}

export function countAmendments(run: SyncRun, counts: ChildCounts): void {
  if (counts.added) run.count('Amendment', 'new', counts.added);
  if (counts.updated) run.count('Amendment', 'updated', counts.updated);
  if (counts.unchanged) run.count('Amendment', 'unchanged', counts.unchanged);
}
