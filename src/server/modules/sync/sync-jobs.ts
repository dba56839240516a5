/**
 * How the sync jobs run: schedules from SYNC_INTERVAL_MINUTES, the run itself (a failed run
 * throws, so the queue retries it with back-off), and a follow-up run when a run stopped at
 * its bound with work left.
 */
import type { JobContext } from '#server/jobs/types';
import { runSync, type RunKind, type RunOutcome } from './run-sync';
import { sharedSyncClients } from './sync.service';

export interface SyncJobData {
  /** 'schedule', 'start', 'admin', 'member:<id>', 'continuation' */
  triggeredBy?: string;
}

/**
 * `*\/N` minutes for intervals under an hour (never more often than `minMinutes`), else every
 * N/60 hours at `minuteOffset` past the hour, at most daily.
 */
export function syncCron(intervalMinutes: number, minMinutes: number, minuteOffset: number): string {
  const n = Math.min(Math.max(intervalMinutes, minMinutes), 24 * 60);
  if (n < 60) return `*/${n} * * * *`;
  const hours = Math.min(24, Math.max(1, Math.round(n / 60)));
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
    clients: sharedSyncClients(ctx.config, undefined, ctx.log),
    send: (name: string, payload?: object) => ctx.send(name, payload),
  };
  const outcome = await runSync(syncCtx, kind, { triggeredBy: data?.triggeredBy ?? 'schedule' });
  if (outcome.status === 'failed') throw new Error(outcome.errorMessage ?? `The ${kind} sync failed`);
  if (outcome.summary.more === true && kind !== 'backfill-legislation') {
    await ctx.send(jobName, { triggeredBy: 'continuation' }, { startAfterSeconds: 5 });
  }
  return outcome;
}
