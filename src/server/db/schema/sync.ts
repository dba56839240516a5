import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { legalChanges } from './legislation';

export const CHANGE_EVENT_KINDS = [
  'new_item',
  'stage_changed',
  'status_changed',
  'amendments_added',
  'documents_added',
  'consultation_dates_changed',
  'enacted',
  'deadline_approaching',
  'law_changed',
] as const;

/** Every real change the syncs detect, written in the same transaction as the data. */
export const changeEvents = pgTable(
  'change_events',
  {
    id: serial('id').primaryKey(),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHANGE_EVENT_KINDS }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    syncOperationId: integer('sync_operation_id'),
    detectedAt: ts('detected_at').notNull().defaultNow(),
    /** set by the alert matcher once every member it concerns has been handled */
    processedAt: ts('processed_at'),
  },
  (t) => [
    index('change_events_unprocessed_idx')
      .on(t.id)
      .where(sql`${t.processedAt} is null`),
    index('change_events_item_idx').on(t.legalChangeId, t.detectedAt),
  ],
);

export const syncOperations = pgTable(
  'sync_operations',
  {
    id: serial('id').primaryKey(),
    /** uk-parliament | secondary-legislation | scottish-parliament | amendments | timeline | news-cache | snapshot */
    syncType: text('sync_type').notNull(),
    /** queued: asked for, waiting for a worker to take it */
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('running'),
    triggeredBy: text('triggered_by').notNull().default('schedule'),
    startedAt: ts('started_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    newPrimaryRecords: integer('new_primary_records').notNull().default(0),
    updatedPrimaryRecords: integer('updated_primary_records').notNull().default(0),
    unchangedPrimaryRecords: integer('unchanged_primary_records').notNull().default(0),
    failedPrimaryRecords: integer('failed_primary_records').notNull().default(0),
    newSecondaryRecords: integer('new_secondary_records').notNull().default(0),
    updatedSecondaryRecords: integer('updated_secondary_records').notNull().default(0),
    unchangedSecondaryRecords: integer('unchanged_secondary_records').notNull().default(0),
    failedSecondaryRecords: integer('failed_secondary_records').notNull().default(0),
    newAmendmentRecords: integer('new_amendment_records').notNull().default(0),
    updatedAmendmentRecords: integer('updated_amendment_records').notNull().default(0),
    unchangedAmendmentRecords: integer('unchanged_amendment_records').notNull().default(0),
    failedAmendmentRecords: integer('failed_amendment_records').notNull().default(0),
    /** { detailedTracking: { addedRecords, updatedRecords, failedRecords }, ... } */
    details: jsonb('details').notNull().default({}),
    errorMessage: text('error_message'),
  },
  (t) => [index('sync_operations_started_idx').on(t.startedAt.desc())],
);

/** One row per upstream operation (request, page, item fetch). */
export const monitoringLogs = pgTable(
  'monitoring_logs',
  {
    id: serial('id').primaryKey(),
    operation: text('operation').notNull(),
    jurisdiction: text('jurisdiction').notNull().default('UK'),
    details: text('details'),
    status: text('status').notNull(),
    syncOperationId: integer('sync_operation_id'),
    startedAt: ts('started_at').notNull(),
    completedAt: ts('completed_at'),
    durationMs: integer('duration_ms'),
  },
  (t) => [index('monitoring_logs_started_idx').on(t.startedAt.desc())],
);

/** Per-source high-water marks and progress of long runs (resumable after a crash). */
export const syncCursors = pgTable('sync_cursors', {
  source: text('source').primaryKey(),
  cursor: jsonb('cursor').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Hashes of upstream rows for sources with no change signal (snapshot diffing). */
export const upstreamSnapshots = pgTable(
  'upstream_snapshots',
  {
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    upstreamId: text('upstream_id').notNull(),
    contentHash: text('content_hash').notNull(),
    seenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.source, t.kind, t.upstreamId] })],
);
