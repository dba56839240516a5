/**
 * Legal sources: their status from stored state (never an upstream call per page view), and a
 * sync that probes each source by reading its recent list (and refreshes the items members
 * follow, so a change raises alerts). Searches are in legal-source-search.service.ts, storing
 * a found item in legal-source-items.service.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#server/app-types';
import type { Db } from '#server/db/client';
import { recordedRun } from '#server/modules/sync/run-sync';
import type { SyncContext } from '#server/modules/sync/sync-context';
import { startSync, syncContextOf } from '#server/modules/sync/sync.service';
import { storeItem } from '#server/modules/sync/store-item';
import { notFound } from '#server/http/errors';
import { UpstreamError } from '#server/sources/http';
import { LEGAL_SOURCES, legalSourceByCode, RECENT_LIMIT, type LegalSourceCode } from '#shared/legal-sources';
import type { LegalSourcesStatus, SourceResult, SourceStatus } from '#shared/schemas/legal-sources';
import {
  adaptersOf,
  DATABASE_SOURCES,
  EXTERNAL_SOURCES,
  isExternal,
  STORED_SOURCE,
  type DatabaseSourceCode,
  type ExternalSourceCode,
} from './legal-sources.clients';

/** The source a path names; an unknown one is 404 on every /api/legal-sources/{code}/… path. */
export function knownLegalSource(code: string): LegalSourceCode {
  const info = legalSourceByCode(code);
  if (!info) throw notFound('No such legal source.', 'legal_source_not_found');
  return info.code;
}
import {
  followedUpstreamIds,
  lastUkSyncRuns,
  legalSourceStateOf,
  legalSourceStates,
  saveLegalSourceState,
  type ProbeValues,
} from './legal-sources.queries';
import { errorText } from './source-failures';

/** a member's 'Sync All Sources' within this of a good probe re-uses it */
const PROBE_REUSE_MS = 60_000;
/** followed items refreshed per source and sync */
const REFRESH_LIMIT = 200;

// ---------------------------------------------------------------- status

export async function legalSourcesStatus(deps: AppDeps): Promise<LegalSourcesStatus> {
  const db = deps.database.db;
  const [states, rows] = await Promise.all([legalSourceStates(db), lastUkSyncRuns(db)]);
  const stateOf = new Map(states.map((s) => [s.code, s]));
  const runOf = new Map(rows.map((r) => [r.sync_type, r]));
  const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
  const sources: SourceStatus[] = LEGAL_SOURCES.map((info) => {
    const base = {
      code: info.code,
      name: info.name,
      description: info.description,
      jurisdiction: info.jurisdiction,
      group: info.group,
      requiresApiKey: info.requiresApiKey,
    };
    if (info.code in DATABASE_SOURCES) {
      const run = runOf.get(DATABASE_SOURCES[info.code as DatabaseSourceCode].syncKind);
      const failed = run?.status === 'failed';
      return {
        ...base,
        availability: run && !failed ? 'available' : run?.last_ok ? 'available' : 'unavailable',
        lastSuccessAt: iso(run?.last_ok),
        lastCheckedAt: iso(run?.completed_at),
        // the run's own error names upstream URLs: members see that it failed, the admin sees why
        lastError: failed ? 'The last sync failed; it is tried again on schedule.' : null,
      };
    }
    if (info.requiresApiKey && !adaptersOf(deps)[info.code as ExternalSourceCode]) {
      return {
        ...base,
        availability: 'api_key_required',
        lastSuccessAt: null,
        lastCheckedAt: null,
        lastError: 'No API key is configured for this source.',
      };
    }
    const state = stateOf.get(info.code);
    const ok = Boolean(state?.lastCheckedAt && !state.lastError);
    return {
      ...base,
      availability: ok ? 'available' : 'unavailable',
      lastSuccessAt: iso(state?.lastSuccessAt),
      lastCheckedAt: iso(state?.lastCheckedAt),
      lastError: state?.lastError ?? null,
    };
  });
  return {
    counts: {
      total: sources.length,
      primary: sources.filter((s) => s.group === 'primary').length,
      extended: sources.filter((s) => s.group === 'extended').length,
    },
    sources,
  };
}

export async function recordProbe(
  db: Db,
  code: string,
  outcome: { recent: SourceResult[] } | { error: string },
) {
  const now = new Date();
  const values: ProbeValues =
    'error' in outcome
      ? { code, lastCheckedAt: now, lastError: outcome.error, updatedAt: now }
      : {
          code,
          lastCheckedAt: now,
          lastSuccessAt: now,
          lastError: null,
          recent: outcome.recent,
          updatedAt: now,
        };
  await saveLegalSourceState(db, values);
}

// ---------------------------------------------------------------- sync

/** Re-reads the followed items of a source; changes are stored with change events (alerts). */
async function refreshFollowed(ctx: SyncContext, deps: AppDeps, code: ExternalSourceCode): Promise<object> {
  const adapter = adaptersOf(deps)[code];
  if (!adapter) return {};
  const followed = await followedUpstreamIds(ctx.db, { source: STORED_SOURCE[code], limit: REFRESH_LIMIT });
  if (!followed.length) return { followed: 0 };
  const info = legalSourceByCode(code)!;
  await recordedRun(
    ctx,
    { syncType: `legal-source:${code}`, jurisdiction: info.jurisdiction, triggeredBy: 'legal-sources' },
    async (c, run) => {
      for (const { upstreamId } of followed) {
        try {
          const bundle = await adapter.fetchItem(upstreamId);
          await storeItem(c.db, run, bundle);
        } catch (error) {
          run.recordFailed('Primary', {
            title: upstreamId,
            dbId: null,
            billId: upstreamId,
            failurePoint: 'fetch item',
            errorType: error instanceof UpstreamError ? error.kind : 'mapping',
            errorMessage: errorText(error),
            retryAttempts: error instanceof UpstreamError ? error.attempts : 0,
          });
        }
      }
      return { followed: followed.length };
    },
  );
  return { followed: followed.length };
}

/** Probes one source; answers whether it worked. Never throws for an upstream failure. */
export async function syncLegalSource(
  deps: AppDeps,
  log: FastifyBaseLogger,
  code: LegalSourceCode,
  triggeredBy = 'legal-sources',
  options: { reuseRecentProbe?: boolean } = {},
): Promise<boolean> {
  if (code in DATABASE_SOURCES) {
    const kind = DATABASE_SOURCES[code as DatabaseSourceCode].syncKind;
    try {
      return (await startSync(deps, log, kind, triggeredBy)) !== null;
    } catch (error) {
      log.warn({ err: error, source: code }, 'could not start a sync');
      return false;
    }
  }
  if (!isExternal(code)) return false;
  const adapter = adaptersOf(deps)[code];
  if (!adapter) return false; // API key required
  const db = deps.database.db;
  const state = await legalSourceStateOf(db, { code });
  if (
    options.reuseRecentProbe &&
    state?.lastCheckedAt &&
    !state.lastError &&
    Date.now() - state.lastCheckedAt.getTime() < PROBE_REUSE_MS
  )
    return true;
  let recent: SourceResult[];
  try {
    recent = (await adapter.recent()).slice(0, RECENT_LIMIT);
  } catch (error) {
    log.warn({ err: error, source: code }, 'a legal source failed');
    await recordProbe(db, code, { error: errorText(error) });
    return false;
  }
  await recordProbe(db, code, { recent });
  try {
    await refreshFollowed(syncContextOf(deps, log), deps, code);
  } catch (error) {
    log.warn({ err: error, source: code }, 'refreshing followed items failed');
  }
  return true;
}

/** Every source at once (they are different hosts); the spec's successful and failed counts. */
export async function syncAllLegalSources(
  deps: AppDeps,
  log: FastifyBaseLogger,
  options: { external?: boolean; triggeredBy?: string } = {},
): Promise<{ successful: number; failed: number }> {
  const codes = options.external ? [...EXTERNAL_SOURCES] : LEGAL_SOURCES.map((s) => s.code);
  const usable = codes.filter((c) => !isExternal(c) || adaptersOf(deps)[c]);
  const outcomes = await Promise.all(
    usable.map((c) =>
      syncLegalSource(deps, log, c, options.triggeredBy, { reuseRecentProbe: !options.external }),
    ),
  );
  const successful = outcomes.filter(Boolean).length;
  return { successful, failed: outcomes.length - successful };
}
