/**
 * How the sync jobs run: schedules from SYNC_INTERVAL_MINUTES, the run itself (a failed run
 * throws, so the queue retries it with back-off), and a follow-up run when a run stopped at
 * its bound with work left.
 */
import type { JobContext } from '#server/jobs/types';
import type { SyncKind } from '#shared/sync-kinds';
import { runSync, type RunKind, type RunOutcome } from './run-sync';
import { LEASE_TTL_MS } from './sync-lock';
import { settleQueuedOperation } from './sync-runs.queries';
import { sharedSyncClients } from './sync.service';

export interface SyncJobData {
  /** 'schedule', 'start', 'admin', 'member:<id>', 'continuation' */
  triggeredBy?: string;
  /** the operation recorded as queued when the sync was asked for (the console lists it) */
  operationId?: number;
  /** how many times the job was put back because another run held the sync's lease */
  deferrals?: number;
  /** effects only: read just the followed items never read (sent when a member follows one) */
  firstReadOnly?: boolean;
}

/** A lease held while the job runs belongs to a run whose worker died: wait for it to expire. */
const MAX_DEFERRALS = 5;

/** The shortest interval of each scheduled list sync, whatever SYNC_INTERVAL_MINUTES says. */
export const SYNC_MIN_MINUTES = {
  'uk-parliament': 10,
  'secondary-legislation': 15,
  'scottish-parliament': 60,
} as const;

/** The effects sync runs every 3 hours (at 47 past). */
export const EFFECTS_CRON = '47 */3 * * *';
export const EFFECTS_INTERVAL_MINUTES = 180;

/** Minutes between runs: at least `minMinutes`, whole hours from an hour up, at most daily. */
export function syncIntervalOf(intervalMinutes: number, minMinutes: number): number {
  const n = Math.min(Math.max(intervalMinutes, minMinutes), 24 * 60);
  return n < 60 ? n : Math.min(24, Math.max(1, Math.round(n / 60))) * 60;
}

/** How often a sync kind is scheduled to run under this configuration. */
export function expectedIntervalMinutes(kind: SyncKind, syncIntervalMinutes: number): number {
  if (kind === 'effects') return EFFECTS_INTERVAL_MINUTES;
  return syncIntervalOf(syncIntervalMinutes, SYNC_MIN_MINUTES[kind]);
}

/**
 * `*\/N` minutes for intervals under an hour (never more often than `minMinutes`), else every
 * N/60 hours at `minuteOffset` past the hour, at most daily.
 */
export function syncCron(intervalMinutes: number, minMinutes: number, minuteOffset: number): string {
  const n = syncIntervalOf(intervalMinutes, minMinutes);
  if (n < 60) return `*/${n} * * * *`;
  const hours = n / 60;
  if (hours === 24) return `${minuteOffset} 0 * * *`;
  return hours === 1 ? `${minuteOffset} * * * *` : `${minuteOffset} */${hours} * * *`;
}

export async function runSyncJob(
  ctx: JobContext,
  kind: RunKind,
  jobName: string,
  data: SyncJobData | undefined,
): Promise<RunOutcome> {
  const syncCtx = {
    db: ctx.database.db,
    log: ctx.log,
    clients: sharedSyncClients(ctx.caches.appScoped, ctx.config, undefined, ctx.log),
    send: (name: string, payload?: object) => ctx.send(name, payload),
  };
  const triggeredBy = data?.triggeredBy ?? 'schedule';
  const queuedId = data?.operationId;
  const options = kind === 'effects' && data?.firstReadOnly ? { options: { firstReadOnly: true } } : {};
  const outcome = await runSync(syncCtx, kind, {
    triggeredBy,
    ...options,
    ...(queuedId ? { queuedId } : {}),
  });
  if (outcome.status === 'skipped') {
    // one job of a sync runs at a time, so the lease's holder is a run whose worker died
    // elsewhere: this run is taken up again once that lease has expired
    const deferrals = (data?.deferrals ?? 0) + 1;
    if (deferrals <= MAX_DEFERRALS) {
      const again = { triggeredBy, deferrals, ...(queuedId ? { operationId: queuedId } : {}) };
      await ctx.send(jobName, again, { startAfterSeconds: Math.ceil(LEASE_TTL_MS / 1000) + 5 });
    } else if (queuedId) {
      await settleQueuedOperation(ctx.database.db, { id: queuedId, reason: String(outcome.summary.reason) });
    }
    return outcome;
  }
  if (outcome.status === 'failed')
    throw new Error(outcome.errorMessage ?? `The ${kind} sync failed`, { cause: outcome.error });
  if (outcome.summary.more === true && kind !== 'backfill-legislation') {
    await ctx.send(jobName, { triggeredBy: 'continuation' }, { startAfterSeconds: 5 });
  }
  return outcome;
}
