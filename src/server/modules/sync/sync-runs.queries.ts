/**
 * The recorded sync runs (sync_operations) and their monitoring log: started, saved as they
 * go, finished, closed when a process left them running, and found again by type and time.
 */
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client';
import { changeEvents, monitoringLogs, syncOperations } from '#server/db/schema';

type OperationValues = Partial<typeof syncOperations.$inferInsert>;

export async function insertSyncOperation(
  db: Db,
  params: { syncType: string; triggeredBy: string; status?: 'queued' | 'running'; details?: object },
): Promise<number> {
  const [row] = await db
    .insert(syncOperations)
    .values({
      syncType: params.syncType,
      triggeredBy: params.triggeredBy,
      status: params.status ?? 'running',
      details: params.details ?? {},
    })
    .returning({ id: syncOperations.id });
  return row!.id;
}

/**
 * A worker takes a queued operation: it is running from now, by `worker`. Answers its details
 * as queued, or null when it is no longer queued (taken by a run that then died, or ended).
 */
export async function claimQueuedOperation(
  db: Db,
  params: { id: number; worker: string },
): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .update(syncOperations)
    .set({
      status: 'running',
      startedAt: sql`now()`,
      details: sql`${syncOperations.details} || jsonb_build_object('worker', ${params.worker}::text)`,
    })
    .where(and(eq(syncOperations.id, params.id), eq(syncOperations.status, 'queued')))
    .returning({ details: syncOperations.details });
  return row ? (row.details as Record<string, unknown>) : null;
}

/** A queued operation another run of its sync made unneeded ends completed, with the reason. */
export async function settleQueuedOperation(db: Db, params: { id: number; reason: string }): Promise<void> {
  await db
    .update(syncOperations)
    .set({
      status: 'completed',
      completedAt: sql`now()`,
      details: sql`${syncOperations.details} || jsonb_build_object('summary', jsonb_build_object('reason', ${params.reason}::text))`,
    })
    .where(and(eq(syncOperations.id, params.id), eq(syncOperations.status, 'queued')));
}

/** Saves a run's counters and details; `finished` also ends it with its status. */
export async function saveSyncOperation(
  db: Db,
  params: {
    id: number;
    values: OperationValues;
    finished?: { status: 'completed' | 'failed'; errorMessage: string | null };
  },
): Promise<void> {
  const set = params.finished
    ? { ...params.values, ...params.finished, completedAt: sql`now()` }
    : params.values;
  await db.update(syncOperations).set(set).where(eq(syncOperations.id, params.id));
}

export async function insertMonitoringLog(
  db: Db,
  params: {
    operation: string;
    jurisdiction: string;
    details: string;
    status: string;
    syncOperationId: number;
    startedAt: Date;
    completedAt: Date;
    durationMs: number;
  },
): Promise<void> {
  await db.insert(monitoringLogs).values(params);
}

/** Runs left 'running' by a process that died are closed as failed (called at start of a new run). */
export async function closeAbandonedRuns(db: Db, syncType: string): Promise<void> {
  await db
    .update(syncOperations)
    .set({
      status: 'failed',
      completedAt: sql`now()`,
      errorMessage: 'The run stopped before it finished; the next run resumed its work.',
    })
    .where(sql`${syncOperations.syncType} = ${syncType} and ${syncOperations.status} = 'running'`);
}

/** One-item operations hold no lease: one still 'running' after an hour belonged to a process that died. */
export async function closeStaleRuns(db: Db, params: { syncType: string }): Promise<void> {
  await db
    .update(syncOperations)
    .set({ status: 'failed', completedAt: sql`now()`, errorMessage: 'The run stopped before it finished.' })
    .where(
      and(
        eq(syncOperations.syncType, params.syncType),
        eq(syncOperations.status, 'running'),
        lt(syncOperations.startedAt, sql`now() - interval '1 hour'`),
      ),
    );
}

/** Change events a run wrote that the alert matcher has not processed yet. */
export async function unprocessedEventCount(db: Db, params: { syncOperationId: number }): Promise<number> {
  const [pending] = await db
    .select({ n: count() })
    .from(changeEvents)
    .where(and(eq(changeEvents.syncOperationId, params.syncOperationId), isNull(changeEvents.processedAt)));
  return pending?.n ?? 0;
}

export async function runningOperationId(db: Db, params: { syncType: string }): Promise<number | null> {
  const [running] = await db
    .select({ id: syncOperations.id })
    .from(syncOperations)
    .where(and(eq(syncOperations.syncType, params.syncType), eq(syncOperations.status, 'running')))
    .orderBy(desc(syncOperations.id))
    .limit(1);
  return running?.id ?? null;
}

/** The newest operation of a type, with when it completed and its details. */
export async function latestOperationOf(db: Db, params: { syncType: string }) {
  const [row] = await db
    .select({
      id: syncOperations.id,
      completedAt: syncOperations.completedAt,
      details: syncOperations.details,
    })
    .from(syncOperations)
    .where(eq(syncOperations.syncType, params.syncType))
    .orderBy(desc(syncOperations.id))
    .limit(1);
  return row ?? null;
}

export async function latestOperationStatuses(db: Db, params: { syncTypes: string[]; limit: number }) {
  return db
    .select({ id: syncOperations.id, status: syncOperations.status })
    .from(syncOperations)
    .where(inArray(syncOperations.syncType, params.syncTypes))
    .orderBy(desc(syncOperations.id))
    .limit(params.limit);
}

/** The state and output of queued jobs (pg-boss), by id. */
export async function queuedJobStates(database: Pick<Database, 'pool'>, params: { ids: string[] }) {
  const { rows } = await database.pool.query<{ id: string; state: string; output: unknown }>(
    'select id, state, output from pgboss.job where id = any($1::uuid[])',
    [params.ids],
  );
  return rows;
}
