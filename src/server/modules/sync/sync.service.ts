/**
 * Starting syncs on request. With a running job queue the sync jobs are enqueued (their
 * singleton queues and leases keep runs of one sync from overlapping) and their completion is
 * awaited for a while; without one (web-only process, tests) they run in this process. Either
 * way the caller gets the outcomes, or, past the wait, the ids of the operations still going.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#server/app-types';
import type { Config } from '#server/config/config';
import type { SyncKind } from '#shared/schemas/sync';
import { runSync, type RunOutcome } from './run-sync';
import { queuedJobStates, recentOperationIds } from './sync-runs.queries';
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
};

const clientsByConfig = new WeakMap<Config, SyncClients>();

/** One set of clients per configuration, so every caller shares each source's pacing. */
export function sharedSyncClients(
  config: Config,
  overrides?: SyncClientOverrides,
  log?: FastifyBaseLogger,
): SyncClients {
  let clients = clientsByConfig.get(config);
  if (!clients) {
    clients = createSyncClients(config, overrides, log);
    clientsByConfig.set(config, clients);
  }
  return clients;
}

export function syncContextOf(deps: AppDeps, log: FastifyBaseLogger): SyncContext {
  const { jobs } = deps;
  return {
    db: deps.database.db,
    log,
    clients: sharedSyncClients(deps.config, deps.syncClientOptions, log),
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

async function viaQueue(
  deps: AppDeps,
  kinds: SyncKind[],
  triggeredBy: string,
  waitMs: number,
): Promise<TriggerResult> {
  const { db } = deps.database;
  const since = new Date(Date.now() - 1000);
  const sent = await Promise.all(
    kinds.map(async (kind) => ({ kind, id: await deps.jobs!.send(SYNC_JOB_OF[kind], { triggeredBy }) })),
  );
  const jobs = sent.filter((j): j is { kind: SyncKind; id: string } => Boolean(j.id));
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
  const running = await recentOperationIds(db, { syncTypes: kinds, since, limit: kinds.length * 2 });
  return { completed: false, outcomes: [], operationIds: running };
}

/** Runs the syncs now and waits up to `waitMs` for them. */
export async function triggerSyncs(
  deps: AppDeps,
  log: FastifyBaseLogger,
  kinds: SyncKind[],
  triggeredBy: string,
  waitMs = 20_000,
): Promise<TriggerResult> {
  if (deps.jobs && deps.jobs.state() === 'running') return viaQueue(deps, kinds, triggeredBy, waitMs);
  return inProcess(deps, log, kinds, triggeredBy, waitMs);
}

/** Starts one sync and answers as soon as its operation is recorded (or after `waitMs`). */
export async function startSync(
  deps: AppDeps,
  log: FastifyBaseLogger,
  kind: SyncKind,
  triggeredBy: string,
  waitMs = 3000,
): Promise<number | null> {
  if (deps.jobs && deps.jobs.state() === 'running') {
    const since = new Date(Date.now() - 1000);
    await deps.jobs.send(SYNC_JOB_OF[kind], { triggeredBy });
    for (const until = Date.now() + waitMs; Date.now() < until; await sleep(250)) {
      const [id] = await recentOperationIds(deps.database.db, { syncTypes: [kind], since, limit: 1 });
      if (id !== undefined) return id;
    }
    return null;
  }
  let started: (id: number | null) => void = () => {};
  const operationId = new Promise<number | null>((resolve) => (started = resolve));
  runSync(syncContextOf(deps, log), kind, { triggeredBy, onStart: (id) => started(id) })
    .then((outcome) => started(outcome.operationId))
    .catch((error: unknown) => {
      log.error({ err: error, kind }, 'a requested sync failed');
      started(null);
    });
  return Promise.race([operationId, sleep(waitMs).then(() => null)]);
}
