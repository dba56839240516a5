/**
 * The members' legal-source syncs, asked of any process: with the job queue running they are a
 * job the workers run (a web process calls no upstream source for a sync), whose outcome is
 * awaited for a while; a process that is its own worker without a running queue runs them here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#server/app-types';
import { enqueueAndWait, runnerOf } from '#server/modules/sync/sync.service';
import type { LegalSourceCode } from '#shared/legal-sources';
import { syncAllLegalSources, syncLegalSource } from './legal-sources.service';

export const LEGAL_SOURCES_JOB = 'sync-legal-sources';

/** What a requested legal-source sync job carries. */
export interface LegalSourcesJobData {
  triggeredBy?: string;
  /** one source; every source when absent */
  code?: LegalSourceCode;
}

export type SyncCounts = { successful: number; failed: number };

const WAIT_MS = 20_000;

/** What the worker runs for a member's request (the schedule's run is the job's own). */
export async function runRequestedLegalSourcesSync(
  deps: AppDeps,
  log: FastifyBaseLogger,
  data: LegalSourcesJobData,
): Promise<SyncCounts> {
  if (!data.code) return syncAllLegalSources(deps, log, { triggeredBy: data.triggeredBy });
  const ok = await syncLegalSource(deps, log, data.code, data.triggeredBy, { reuseRecentProbe: false });
  return { successful: ok ? 1 : 0, failed: ok ? 0 : 1 };
}

/** 'Sync All Sources': the counts, or zeros when the workers have not finished within the wait. */
export async function requestLegalSourcesSync(
  deps: AppDeps,
  log: FastifyBaseLogger,
  data: LegalSourcesJobData,
): Promise<SyncCounts> {
  if (runnerOf(deps) === 'here') return runRequestedLegalSourcesSync(deps, log, data);
  const output = (await enqueueAndWait(deps, LEGAL_SOURCES_JOB, data, WAIT_MS)) as SyncCounts | null;
  if (output && typeof output.successful === 'number') return output;
  log.info({ source: data.code ?? 'all' }, 'legal-source sync queued; the workers have not finished it yet');
  return { successful: 0, failed: 0 };
}
