/**
 * Starting syncs on request. Every sync asked for is recorded at once as a queued operation and,
 * with a running job queue, enqueued for the workers (their singleton queues and leases keep
 * runs of one sync from overlapping); a web process (ROLE=web) never runs one itself. Only a
 * process that is its own worker and has no queue running (tests, the start-up moments) runs it
 * here. The member's triggers wait a while for the outcomes; past the wait, or for the console's
 * buttons at once, the caller gets the ids of the operations going on.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#server/app-types';
import { AppScopedKey, type AppScoped } from '#server/cache/app-scoped';
import type { Config } from '#server/config/config';
import { serviceUnavailable } from '#server/http/errors';
import { SYNC_EFFECTS_JOB } from '#server/jobs/queue';
import type { SyncKind } from '#shared/schemas/sync';
import { sharedLegislationClient } from '#server/sources/legislation-gov-uk/shared-client';
import { runSync, type RunOutcome } from './run-sync';
import { insertSyncOperation, queuedJobStates, settleQueuedOperation } from './sync-runs.queries';
import {
  createSyncClients,
  type SyncClientOverrides,
  type SyncClients,
  type SyncContext,
} from './sync-context';

export const SYNC_JOB_OF: Record<SyncKind, string> = {
  'uk-parliament': 'sync-uk-parliament',
  'secondary-legislation': 'sync-legislation-gov-uk',
  'scottish-parliament': 'sync-scottish-parliament',
  effects: SYNC_EFFECTS_JOB,
};

const SYNC_CLIENTS = new AppScopedKey<SyncClients>('sync clients');

/**
 * One set of clients per process (its web app and jobs share `scoped`, from their caches), so
 * every caller shares each source's pacing.
 */
export function sharedSyncClients(
  scoped: AppScoped,
  config: Config,
  overrides?: SyncClientOverrides,
  log?: FastifyBaseLogger,
): SyncClients {
  return scoped.get(SYNC_CLIENTS, () => {
    const clients = createSyncClients(config, overrides, log);
    return { ...clients, legislation: sharedLegislationClient(scoped, () => clients.legislation) };
  });
}

export function syncContextOf(deps: AppDeps, log: FastifyBaseLogger): SyncContext {
  const { jobs } = deps;
  return {
    db: deps.database.db,
    log,
    clients: sharedSyncClients(deps.caches.appScoped, deps.config, deps.syncClientOptions, log),
    ...(jobs ? { send: (name: string, data?: object) => jobs.send(name, data) } : {}),
  };
}

export interface TriggerResult {
  completed: boolean;
  outcomes: RunOutcome[];
  operationIds: number[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

async function inProcess(
  deps: AppDeps,
  log: FastifyBaseLogger,
  kinds: SyncKind[],
  triggeredBy: string,
  waitMs: number,
): Promise<TriggerResult> {
  const ctx = syncContextOf(deps, log);
  const operationIds: number[] = [];
  const all = Promise.all(
    kinds.map((kind) => runSync(ctx, kind, { triggeredBy, onStart: (id) => operationIds.push(id) })),
  );
  all.catch((error: unknown) => log.error({ err: error }, 'a requested sync failed'));
  const done = await Promise.race([all, sleep(waitMs).then(() => null)]);
  if (!done) return { completed: false, outcomes: [], operationIds };
  const ids = done.flatMap((o) => (o.operationId === null ? [] : [o.operationId]));
  return { completed: done.every((o) => o.status !== 'skipped'), outcomes: done, operationIds: ids };
}

/** What a queued run answered: its outcome, or a failed one when the attempt threw (it is retried). */
function outcomeOfJob(kind: SyncKind, row: { state: string; output: unknown }): RunOutcome | null {
  const output = row.output as (RunOutcome & { message?: string }) | null;
  if (row.state === 'completed' && output?.syncType) return output;
  if (row.state !== 'failed' && row.state !== 'retry') return null;
  const none = { added: 0, updated: 0, unchanged: 0, failed: 0 };
  const errorMessage = output?.message ?? 'The sync failed; it will be retried.';
  return {
    syncType: kind,
    status: 'failed',
    operationId: null,
    items: none,
    amendments: none,
    changeEvents: 0,
    summary: {},
    errorMessage,
  };
}

/** Where a requested sync runs: on the workers' queue, or in this process when it is its own worker. */
export function runnerOf(deps: AppDeps): 'queue' | 'here' {
  if (deps.jobs && deps.jobs.state() === 'running') return 'queue';
  if (deps.config.ROLE === 'web')
    throw serviceUnavailable(
      'Syncs run in the worker processes; the job queue is not ready yet.',
      'jobs_unavailable',
    );
  return 'here';
}

/** Records the sync asked for as a queued operation, before any worker takes it. */
async function queueOperation(deps: AppDeps, kind: SyncKind, triggeredBy: string): Promise<number> {
  const details = { queuedAt: new Date().toISOString() };
  return insertSyncOperation(deps.database.db, { syncType: kind, triggeredBy, status: 'queued', details });
}

async function viaQueue(
  deps: AppDeps,
  kinds: SyncKind[],
  triggeredBy: string,
  waitMs: number,
): Promise<TriggerResult> {
  const sent = await Promise.all(
    kinds.map(async (kind) => {
      const operationId = await queueOperation(deps, kind, triggeredBy);
      return {
        kind,
        operationId,
        id: await deps.jobs!.send(SYNC_JOB_OF[kind], { triggeredBy, operationId }),
      };
    }),
  );
  const operationIds = sent.map((j) => j.operationId);
  const jobs = sent.filter((j): j is { kind: SyncKind; operationId: number; id: string } => Boolean(j.id));
  for (const until = Date.now() + waitMs; Date.now() < until; await sleep(400)) {
    const rows = await queuedJobStates(deps.database, { ids: jobs.map((j) => j.id) });
    const outcomes = jobs.map((j) => {
      const row = rows.find((r) => r.id === j.id);
      return row ? outcomeOfJob(j.kind, row) : null;
    });
    if (outcomes.every((o) => o !== null)) {
      const done = outcomes as RunOutcome[];
      const ids = done.flatMap((o) => (o.operationId === null ? [] : [o.operationId]));
      return { completed: done.every((o) => o.status !== 'skipped'), outcomes: done, operationIds: ids };
    }
  }
  return { completed: false, outcomes: [], operationIds };
}

/** Runs the syncs (on the workers' queue when there is one) and waits up to `waitMs` for them. */
export async function triggerSyncs(
  deps: AppDeps,
  log: FastifyBaseLogger,
  kinds: SyncKind[],
  triggeredBy: string,
  waitMs = 20_000,
): Promise<TriggerResult> {
  if (runnerOf(deps) === 'queue') return viaQueue(deps, kinds, triggeredBy, waitMs);
  return inProcess(deps, log, kinds, triggeredBy, waitMs);
}

/** Queues one sync and answers its operation's id at once (the operations list follows it). */
export async function startSync(
  deps: AppDeps,
  log: FastifyBaseLogger,
  kind: SyncKind,
  triggeredBy: string,
  waitMs = 3000,
): Promise<number> {
  const runner = runnerOf(deps);
  const operationId = await queueOperation(deps, kind, triggeredBy);
  if (runner === 'queue') {
    await deps.jobs!.send(SYNC_JOB_OF[kind], { triggeredBy, operationId });
    return operationId;
  }
  // this process is its own worker: the run starts here, and the answer waits (briefly) for it
  let started = () => {};
  const taken = new Promise<void>((resolve) => (started = resolve));
  runSync(syncContextOf(deps, log), kind, { triggeredBy, queuedId: operationId, onStart: () => started() })
    .then(async (outcome) => {
      if (outcome.status !== 'skipped') return;
      const reason = 'A run of this sync was already in progress; it does this work.';
      await settleQueuedOperation(deps.database.db, { id: operationId, reason });
    })
    .catch((error: unknown) => log.error({ err: error, kind }, 'a requested sync failed'))
    .finally(() => started());
  await Promise.race([taken, sleep(waitMs)]);
  return operationId;
}

/**
 * Enqueues job `name` for the workers and waits up to `waitMs` for it to complete: answers its
 * output, or null when it failed or is not done by then (it goes on in the background).
 */
export async function enqueueAndWait(
  deps: AppDeps,
  name: string,
  data: object,
  waitMs: number,
): Promise<unknown> {
  const id = await deps.jobs!.send(name, data);
  if (!id) return null;
  for (const until = Date.now() + waitMs; Date.now() < until; await sleep(400)) {
    const [row] = await queuedJobStates(deps.database, { ids: [id] });
    if (row?.state === 'completed') return row.output;
    if (row && row.state !== 'created' && row.state !== 'active') return null;
  }
  return null;
}
