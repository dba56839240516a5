/**
 * First start: with no legal change stored yet, the upstream sources are probed with one
 * request each. When none answers (no network, a timeout, a blocked request), the bundled
 * snapshot is loaded so a new member still sees real legislation; otherwise the first syncs
 * are started. Runs once per database (under a lease, so two processes never both load it).
 */
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { publicationLogPage } from '#server/sources/legislation-gov-uk/client';
import { listBillsUpdatedSince } from '#server/sources/parliament-bills/client';
import { legalChangeCount } from './held-items.queries';
import { ukDay } from './legislation-gov-uk.sync';
import { loadSnapshot, snapshotNotes } from './snapshot/load-snapshot';
import { createSyncClients, type SyncClientOverrides, type SyncLog } from './sync-context';
import { tryAcquireLease } from './sync-lock';

export interface FirstStartResult {
  /** what GET /api/health reports in `notes` */
  notes: string[];
  /** the database held no legal change when the service started */
  emptyDatabase: boolean;
  snapshotLoaded: boolean;
}

export interface FirstStartDeps {
  config: Config;
  db: Db;
  log: SyncLog;
  clientOverrides?: SyncClientOverrides;
  probeTimeoutMs?: number;
}

async function isEmpty(db: Db): Promise<boolean> {
  return (await legalChangeCount(db)) === 0;
}

/** One request to each source; the reasons of those that could not be read. */
async function probe(deps: FirstStartDeps): Promise<string[]> {
  const { all, ...own } = deps.clientOverrides ?? {};
  const clients = createSyncClients(deps.config, {
    ...own,
    all: { ...all, maxRetries: 0, timeoutMs: deps.probeTimeoutMs ?? 10_000 },
  });
  const now = new Date();
  const attempts = await Promise.allSettled([
    listBillsUpdatedSince(clients.parliament, now, 0, { take: 1, maxPages: 1 }),
    publicationLogPage(clients.legislation, ukDay(now), 1, { contentType: 'legislation' }),
  ]);
  return attempts.flatMap((a) => (a.status === 'rejected' ? [(a.reason as Error).message] : []));
}

export async function firstStart(deps: FirstStartDeps): Promise<FirstStartResult> {
  const { db, log } = deps;
  if (!(await isEmpty(db)))
    return { notes: await snapshotNotes(db), emptyDatabase: false, snapshotLoaded: false };
  const lease = await tryAcquireLease(db, 'first-start');
  if (!lease) return { notes: [], emptyDatabase: true, snapshotLoaded: false }; // another process is on it
  try {
    if (!(await isEmpty(db)))
      return { notes: await snapshotNotes(db), emptyDatabase: false, snapshotLoaded: false };
    const problems = await probe(deps);
    if (problems.length < 2) {
      log.info(
        {},
        'first start: the database is empty and the upstream sources answer; the first syncs will fill it',
      );
      return { notes: [], emptyDatabase: true, snapshotLoaded: false };
    }
    const reason = `The upstream sources could not be reached: ${problems.join(' | ')}`;
    log.warn(
      { problems },
      'first start: the upstream sources cannot be reached; loading the bundled snapshot',
    );
    const ctx = { db, log, clients: createSyncClients(deps.config, deps.clientOverrides) };
    const outcome = await loadSnapshot(ctx, reason);
    log.warn(
      { operationId: outcome.operationId, items: outcome.items },
      'first start: loaded the bundled snapshot of real UK legislation; the first successful sync will refresh it',
    );
    return {
      notes: await snapshotNotes(db),
      emptyDatabase: true,
      snapshotLoaded: outcome.status === 'completed',
    };
  } finally {
    await lease.release().catch(() => {});
  }
}

/** What a process that runs no jobs (a web process) knows at start: the notes, no upstream call. */
export async function dataNotesOnly(db: Db): Promise<FirstStartResult> {
  return { notes: await snapshotNotes(db), emptyDatabase: false, snapshotLoaded: false };
}

/** The syncs sent when the job queue starts: all of them on a first start or with SYNC_ON_START. */
export function startupSyncJobs(
  config: Pick<Config, 'SYNC_ON_START'>,
  first: Pick<FirstStartResult, 'emptyDatabase'>,
): string[] {
  if (!config.SYNC_ON_START && !first.emptyDatabase) return [];
  return [
    'sync-uk-parliament',
    'sync-legislation-gov-uk',
    'sync-scottish-parliament',
    'backfill-legislation',
    'sync-legal-sources',
  ];
}
