/** What the System tab reads from the database itself: the queue's lag, the outbox, the syncs. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;
const asDate = (value: Date | string | null | undefined): Date | null =>
  value === null || value === undefined ? null : new Date(value);

/** `select 1`, timed; throws when the database cannot be reached. */
export async function timedPing(db: DbOrTx): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round(performance.now() - started);
}

export interface QueueLag {
  /** jobs due now that no worker has started */
  waiting: number;
  /** when the longest-waiting of them became due */
  oldestDueAt: Date | null;
  failedLastDay: number;
}

/** The job queue's backlog of due jobs; null when its tables are not there (no worker ever started). */
export async function queueLag(db: DbOrTx): Promise<QueueLag | null> {
  const [exists] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('pgboss.job') is not null as present`),
  );
  if (!exists?.present) return null;
  const [row] = rowsOf<{ waiting: number; oldest: Date | string | null; failed: number }>(
    await db.execute(sql`select
        count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
        min(start_after) filter (where state in ('created', 'retry') and start_after <= now()) as oldest,
        count(*) filter (where state = 'failed' and completed_on > now() - interval '1 day')::int as failed
      from pgboss.job`),
  );
  return { waiting: row?.waiting ?? 0, oldestDueAt: asDate(row?.oldest), failedLastDay: row?.failed ?? 0 };
}

export interface OutboxBacklog {
  /** messages waiting to be sent (queued, being sent, or waiting for a retry) */
  pending: number;
  oldestPendingAt: Date | null;
  failedLastDay: number;
  /** emails kept in the outbox in the last day (no SMTP server set) */
  keptEmailsLastDay: number;
  failedEmailsLastDay: number;
}

export async function outboxBacklog(db: DbOrTx): Promise<OutboxBacklog> {
  const [row] = rowsOf<{
    pending: number;
    oldest: Date | string | null;
    failed: number;
    kept_email: number;
    failed_email: number;
  }>(
    await db.execute(sql`select
        count(*) filter (where status in ('queued', 'sending'))::int as pending,
        min(created_at) filter (where status in ('queued', 'sending')) as oldest,
        count(*) filter (where status = 'failed' and created_at > now() - interval '1 day')::int as failed,
        count(*) filter (where channel = 'email' and status = 'kept'
          and created_at > now() - interval '1 day')::int as kept_email,
        count(*) filter (where channel = 'email' and status = 'failed'
          and created_at > now() - interval '1 day')::int as failed_email
      from outbox`),
  );
  return {
    pending: row?.pending ?? 0,
    oldestPendingAt: asDate(row?.oldest),
    failedLastDay: row?.failed ?? 0,
    keptEmailsLastDay: row?.kept_email ?? 0,
    failedEmailsLastDay: row?.failed_email ?? 0,
  };
}

export interface SourceRuns {
  syncType: string;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastError: string | null;
}

/** Per sync kind: its last success, its last failure and that failure's message. */
export async function sourceRuns(db: DbOrTx): Promise<SourceRuns[]> {
  const rows = rowsOf<{
    sync_type: string;
    ok: Date | string | null;
    bad: Date | string | null;
    err: string | null;
  }>(
    await db.execute(sql`select sync_type,
        max(coalesce(completed_at, started_at)) filter (where status = 'completed') as ok,
        max(coalesce(completed_at, started_at)) filter (where status = 'failed') as bad,
        (array_agg(error_message order by started_at desc) filter (where status = 'failed'))[1] as err
      from sync_operations group by sync_type`),
  );
  return rows.map((r) => ({
    syncType: r.sync_type,
    lastSuccessAt: asDate(r.ok),
    lastFailureAt: asDate(r.bad),
    lastError: r.err,
  }));
}
