/**
 * Runs a sync as one recorded operation: takes the sync's lease (two runs of one sync never
 * overlap), closes runs a dead process left 'running', records counters, detailed tracking and
 * monitoring logs, and, when the run wrote change events, kicks the alert matcher once the
 * run's transactions have committed.
 */
import {
  recheckFollowedBills,
  syncParliamentBills,
  type ParliamentSyncOptions,
} from './parliament-bills.sync';
import { backfillLegislation, type BackfillOptions } from './legislation-backfill.sync';
import { syncLegislationGovUk, type LegislationSyncOptions } from './legislation-gov-uk.sync';
import { syncScottishParliament } from './scottish-parliament.sync';
import { syncEffects, type EffectsSyncOptions } from './effects.sync';
import type { SyncContext } from './sync-context';
import { tryAcquireLease } from './sync-lock';
import { SyncRun } from './sync-operation';
import {
  closeAbandonedRuns,
  closeStaleRuns,
  runningOperationId,
  unprocessedEventCount,
} from './sync-runs.queries';

export const MATCH_ALERTS_JOB = 'match-alerts';

export type RunKind =
  | 'uk-parliament'
  | 'secondary-legislation'
  | 'scottish-parliament'
  | 'backfill-legislation'
  | 'recheck-followed-bills'
  | 'effects';

export interface RunOptions {
  'uk-parliament': ParliamentSyncOptions;
  'secondary-legislation': LegislationSyncOptions;
  'scottish-parliament': Record<string, never>;
  'backfill-legislation': BackfillOptions;
  'recheck-followed-bills': Record<string, never>;
  effects: EffectsSyncOptions;
}

type Work = (ctx: SyncContext, run: SyncRun) => Promise<object>;

const JURISDICTION: Record<RunKind, string> = {
  'uk-parliament': 'UK',
  'secondary-legislation': 'UK',
  'scottish-parliament': 'Scotland',
  'backfill-legislation': 'UK',
  'recheck-followed-bills': 'UK',
  effects: 'UK',
};

function workOf<K extends RunKind>(kind: K, options: RunOptions[K] | undefined): Work {
  switch (kind) {
    case 'uk-parliament':
      return (ctx, run) => syncParliamentBills(ctx, run, options as ParliamentSyncOptions);
    case 'secondary-legislation':
      return (ctx, run) => syncLegislationGovUk(ctx, run, options as LegislationSyncOptions);
    case 'scottish-parliament':
      return (ctx, run) => syncScottishParliament(ctx, run);
    case 'backfill-legislation':
      return (ctx, run) => backfillLegislation(ctx, run, options as BackfillOptions);
    case 'effects':
      return (ctx, run) => syncEffects(ctx, run, options as EffectsSyncOptions);
    default:
      return (ctx, run) => recheckFollowedBills(ctx, run);
  }
}

export interface Totals {
  added: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface RunOutcome {
  syncType: string;
  /** skipped: another run of this sync holds the lease */
  status: 'completed' | 'failed' | 'skipped';
  operationId: number | null;
  /** legal changes (primary and secondary) */
  items: Totals;
  amendments: Totals;
  changeEvents: number;
  summary: Record<string, unknown>;
  errorMessage: string | null;
  /** what a failed run threw (its log line tells a network failure from a defect by it) */
  error?: unknown;
}

function totalsOf(run: SyncRun, groups: string[]): Totals {
  const sum = (outcome: string) =>
    groups.reduce((n, g) => n + (run.counters[`${outcome}${g}Records`] ?? 0), 0);
  return { added: sum('new'), updated: sum('updated'), unchanged: sum('unchanged'), failed: sum('failed') };
}

const ZERO: Totals = { added: 0, updated: 0, unchanged: 0, failed: 0 };

/** Runs `work` as a recorded operation of `syncType` (no lease: one-item operations). */
export async function recordedRun(
  ctx: SyncContext,
  spec: {
    syncType: string;
    jurisdiction?: string;
    triggeredBy?: string;
    /** the operation recorded as queued when the run was asked for */
    queuedId?: number;
    onStart?: (operationId: number) => void;
  },
  work: Work,
): Promise<RunOutcome> {
  await closeStaleRuns(ctx.db, { syncType: spec.syncType });
  const run = await SyncRun.start(
    ctx.db,
    spec.syncType,
    spec.triggeredBy ?? 'schedule',
    spec.jurisdiction ?? 'UK',
    spec.queuedId,
  );
  spec.onStart?.(run.id);
  let summary: Record<string, unknown> = {};
  let errorMessage: string | null = null;
  let failure: unknown;
  try {
    summary = { ...(await work(ctx, run)) };
    run.extra.summary = summary;
    await run.finish('completed');
  } catch (error) {
    errorMessage = error instanceof Error ? error.message : String(error);
    failure = error;
    ctx.log.warn({ err: error, syncType: spec.syncType, operationId: run.id }, 'sync run failed');
    await run.finish('failed', errorMessage.slice(0, 2000));
  }
  const events = await unprocessedEventCount(ctx.db, { syncOperationId: run.id });
  if (events > 0 && ctx.send) {
    await ctx
      .send(MATCH_ALERTS_JOB)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'could not start the alert matcher'));
  }
  const outcome: RunOutcome = {
    syncType: spec.syncType,
    status: errorMessage ? 'failed' : 'completed',
    operationId: run.id,
    items: totalsOf(run, ['Primary', 'Secondary']),
    amendments: totalsOf(run, ['Amendment']),
    changeEvents: events,
    summary,
    errorMessage,
    ...(errorMessage ? { error: failure } : {}),
  };
  ctx.log.info(
    {
      syncType: spec.syncType,
      operationId: run.id,
      status: outcome.status,
      items: outcome.items,
      amendments: outcome.amendments,
      changeEvents: events,
    },
    'sync run finished',
  );
  return outcome;
}

/** Runs one of the scheduled syncs under its lease; answers 'skipped' when it is already running. */
export async function runSync<K extends RunKind>(
  ctx: SyncContext,
  kind: K,
  opts: {
    triggeredBy?: string;
    options?: RunOptions[K];
    queuedId?: number;
    onStart?: (operationId: number) => void;
  } = {},
): Promise<RunOutcome> {
  const lease = await tryAcquireLease(ctx.db, kind);
  if (!lease) {
    const running = await runningOperationId(ctx.db, { syncType: kind });
    const summary = { reason: 'A run of this sync is already in progress.' };
    return {
      syncType: kind,
      status: 'skipped',
      operationId: running,
      items: ZERO,
      amendments: ZERO,
      changeEvents: 0,
      summary,
      errorMessage: null,
    };
  }
  try {
    await closeAbandonedRuns(ctx.db, kind);
    return await recordedRun(
      ctx,
      {
        syncType: kind,
        jurisdiction: JURISDICTION[kind],
        triggeredBy: opts.triggeredBy,
        ...(opts.queuedId ? { queuedId: opts.queuedId } : {}),
        onStart: opts.onStart,
      },
      workOf(kind, opts.options),
    );
  } finally {
    await lease.release().catch(() => {});
  }
}
