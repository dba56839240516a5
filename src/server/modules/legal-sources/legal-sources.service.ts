/**
 * Legal sources: their status from stored state (never an upstream call per page view), a
 * sync that probes each source by reading its recent list (and refreshes the items members
 * follow, so a change raises alerts), searches cached briefly per query, and storing a found
 * item as a legal change so it can be followed like a UK item.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#server/app-types';
import type { Db } from '#server/db/client';
import { legalChanges, legalSourceState, userActions } from '#server/db/schema';
import { AppError, badRequest, notFound } from '#server/http/errors';
import { recordedRun } from '#server/modules/sync/run-sync';
import type { SyncContext } from '#server/modules/sync/sync-context';
import { startSync, syncContextOf } from '#server/modules/sync/sync.service';
import { storeItem } from '#server/modules/sync/store-item';
import { syncLegislationItem } from '#server/modules/sync/legislation-gov-uk.sync';
import {
  InvalidIdentifierError,
  SourceItemNotFoundError,
  type SearchOptions,
} from '#server/sources/common/international';
import { UpstreamError } from '#server/sources/http';
import { fetchFeedPage } from '#server/sources/legislation-gov-uk/client';
import { parseItemUri } from '#server/sources/legislation-gov-uk/mapper';
import { LEGAL_SOURCES, legalSourceByCode, RECENT_LIMIT, type LegalSourceCode } from '#shared/legal-sources';
import { LEGISLATION_TYPES } from '#shared/legislation';
import type {
  LegalSourcesStatus,
  SourceResult,
  SourceResults,
  SourceStatus,
} from '#shared/schemas/legal-sources';
import {
  DATABASE_SOURCES,
  EXTERNAL_SOURCES,
  isExternal,
  legalSourceAdapters,
  STORED_SOURCE,
  type ExternalSourceCode,
} from './legal-sources.clients';

const SEARCH_CACHE_MS = 2 * 60_000;
const SEARCH_CACHE_ENTRIES = 500;
/** a member's 'Sync All Sources' within this of a good probe re-uses it */
const PROBE_REUSE_MS = 60_000;
/** followed items refreshed per source and sync */
const REFRESH_LIMIT = 200;

type DatabaseSourceCode = keyof typeof DATABASE_SOURCES;

const searchCache = new Map<string, { at: number; value: SourceResults }>();

function cached(key: string): SourceResults | null {
  const hit = searchCache.get(key);
  if (!hit) return null;
  if (Date.now() - hit.at > SEARCH_CACHE_MS) {
    searchCache.delete(key);
    return null;
  }
  return hit.value;
}

function remember(key: string, value: SourceResults): void {
  if (searchCache.size >= SEARCH_CACHE_ENTRIES) {
    const oldest = searchCache.keys().next().value;
    if (oldest !== undefined) searchCache.delete(oldest);
  }
  searchCache.set(key, { at: Date.now(), value });
}

/** for tests: searches start from the upstream again */
export const clearSearchCache = () => searchCache.clear();

const adaptersOf = (deps: AppDeps) => legalSourceAdapters(deps.config, deps.syncClientOptions?.all);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const UPSTREAM_FAILURES: Record<string, string> = {
  timeout: 'The source did not answer in time.',
  network: 'The source could not be reached.',
  html_instead_of_data: 'The source sent a web page instead of data.',
  invalid_json: 'The source sent data that could not be read.',
  invalid_xml: 'The source sent data that could not be read.',
  schema_mismatch: 'The source sent data in an unexpected shape.',
  rate_limited: 'The source asked us to slow down; it is tried again later.',
};

/** What members and the status list see: the kind of failure, never an upstream URL. */
function errorText(error: unknown): string {
  if (error instanceof UpstreamError) {
    if (error.kind === 'http_status') return `The source answered with HTTP ${error.status ?? 'an error'}.`;
    return UPSTREAM_FAILURES[error.kind] ?? 'The source failed.';
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

// ---------------------------------------------------------------- status

export async function legalSourcesStatus(deps: AppDeps): Promise<LegalSourcesStatus> {
  const db = deps.database.db;
  const [states, runs] = await Promise.all([
    db.select().from(legalSourceState),
    db.execute(sql`
      SELECT DISTINCT ON (sync_type) sync_type, status, completed_at, error_message,
        (SELECT max(completed_at) FROM sync_operations o2
          WHERE o2.sync_type = o.sync_type AND o2.status = 'completed') AS last_ok
      FROM sync_operations o
      WHERE sync_type IN ('secondary-legislation', 'uk-parliament', 'scottish-parliament') AND status <> 'running'
      ORDER BY sync_type, id DESC`),
  ]);
  const stateOf = new Map(states.map((s) => [s.code, s]));
  const rows = rowsOf<{
    sync_type: string;
    status: string;
    completed_at: Date | string | null;
    error_message: string | null;
    last_ok: Date | string | null;
  }>(runs);
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

async function recordProbe(db: Db, code: string, outcome: { recent: SourceResult[] } | { error: string }) {
  const now = new Date();
  const values =
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
  await db
    .insert(legalSourceState)
    .values(values)
    .onConflictDoUpdate({ target: legalSourceState.code, set: { ...values, code: undefined } });
}

// ---------------------------------------------------------------- sync

function contextOf(deps: AppDeps, log: FastifyBaseLogger): SyncContext {
  return syncContextOf(deps, log);
}

/** Re-reads the followed items of a source; changes are stored with change events (alerts). */
async function refreshFollowed(ctx: SyncContext, deps: AppDeps, code: ExternalSourceCode): Promise<object> {
  const adapter = adaptersOf(deps)[code];
  if (!adapter) return {};
  const followed = await ctx.db
    .selectDistinct({ upstreamId: legalChanges.upstreamId })
    .from(legalChanges)
    .innerJoin(
      userActions,
      and(eq(userActions.legalChangeId, legalChanges.id), eq(userActions.action, 'followed')),
    )
    .where(eq(legalChanges.source, STORED_SOURCE[code]))
    .limit(REFRESH_LIMIT);
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
  const [state] = await db.select().from(legalSourceState).where(eq(legalSourceState.code, code));
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
    await refreshFollowed(contextOf(deps, log), deps, code);
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

// ---------------------------------------------------------------- search and recent

/** Marks results already stored here with their legal change id, so they can be followed at once. */
async function withStoredIds(db: Db, source: string, results: SourceResult[]): Promise<SourceResult[]> {
  const ids = results.map((r) => r.identifier);
  if (!ids.length) return results;
  const rows = await db
    .select({ id: legalChanges.id, upstreamId: legalChanges.upstreamId })
    .from(legalChanges)
    .where(and(eq(legalChanges.source, source), inArray(legalChanges.upstreamId, ids)));
  const byUpstream = new Map(rows.map((r) => [r.upstreamId, r.id]));
  return results.map((r) => {
    const id = byUpstream.get(r.identifier);
    return id === undefined ? r : { ...r, legalChangeId: id };
  });
}

const TYPE_NAMES = new Map(LEGISLATION_TYPES.map((t) => [t.code, t.name]));

interface StoredRow {
  id: number;
  title: string;
  item_date: string | null;
  legislation_type: string;
  official_url: string | null;
  upstream_id: string;
  total: number;
}

function storedResult(code: LegalSourceCode, row: StoredRow): SourceResult {
  return {
    title: row.title,
    date: row.item_date ? String(row.item_date).slice(0, 10) : null,
    type: TYPE_NAMES.get(row.legislation_type) ?? row.legislation_type,
    identifier: row.upstream_id,
    url: row.official_url,
    jurisdiction: 'United Kingdom',
    source: code,
    legalChangeId: row.id,
  };
}

async function searchStored(db: Db, code: LegalSourceCode, source: string, query: string) {
  const result = await db.execute(sql`
    SELECT id, title, item_date, legislation_type, official_url, upstream_id, count(*) OVER () ::int AS total
    FROM legal_changes
    WHERE source = ${source} AND search @@ websearch_to_tsquery('english', ${query})
    ORDER BY ts_rank(search, websearch_to_tsquery('english', ${query})) DESC, item_date DESC, id DESC
    LIMIT 20`);
  const rows = rowsOf<StoredRow>(result);
  return { results: rows.map((r) => storedResult(code, r)), total: rows[0]?.total ?? 0 };
}

async function recentStored(db: Db, code: LegalSourceCode, sources: string[]) {
  const result = await db.execute(sql`
    SELECT id, title, item_date, legislation_type, official_url, upstream_id, 0 AS total
    FROM legal_changes
    WHERE source IN ${sources}
    ORDER BY item_date DESC, id DESC
    LIMIT ${RECENT_LIMIT}`);
  const rows = rowsOf<StoredRow>(result);
  return rows.map((r) => storedResult(code, r));
}

/** UK: what is stored here, then legislation.gov.uk's title search for what is not (yet). */
async function searchUk(deps: AppDeps, log: FastifyBaseLogger, query: string): Promise<SourceResults> {
  const db = deps.database.db;
  const stored = await searchStored(db, 'uk', 'legislation_gov_uk', query);
  const key = `uk|${query.toLowerCase()}`;
  let remote = cached(key);
  if (!remote) {
    try {
      const page = await fetchFeedPage(
        syncContextOf(deps, log).clients.legislation,
        `/title/${encodeURIComponent(query)}/data.feed`,
      );
      const results: SourceResult[] = [];
      for (const entry of page.feed.entries) {
        const item = parseItemUri(entry.id);
        if (!item || !entry.title) continue;
        results.push({
          title: entry.title,
          date: (entry.creationDate ?? entry.published ?? entry.updated)?.slice(0, 10) ?? null,
          type: TYPE_NAMES.get(item.code) ?? item.code,
          identifier: item.path,
          url: `https://www.legislation.gov.uk/${item.path}`,
          jurisdiction: 'United Kingdom',
          source: 'uk',
        });
      }
      remote = { results, total: page.feed.totalResults ?? results.length };
      remember(key, remote);
    } catch (error) {
      log.warn({ err: error }, 'legislation.gov.uk search failed');
      if (!stored.results.length) throw sourceFailed(error);
      remote = { results: [], total: 0 };
    }
  }
  const have = new Set(stored.results.map((r) => r.identifier));
  const extra = await withStoredIds(
    db,
    'legislation_gov_uk',
    remote.results.filter((r) => !have.has(r.identifier)),
  );
  return {
    results: [...stored.results, ...extra],
    total: Math.max(stored.total + extra.length, remote.total),
  };
}

const sourceFailed = (error: unknown) =>
  new AppError(502, 'source_unavailable', 'Failed to search legal sources', {
    reason: errorText(error),
  }).localized('errors.sourceSearchFailed');

export async function searchLegalSource(
  deps: AppDeps,
  log: FastifyBaseLogger,
  code: LegalSourceCode,
  query: string,
  options: SearchOptions = {},
): Promise<SourceResults> {
  const db = deps.database.db;
  if (code === 'uk') return searchUk(deps, log, query);
  if (code in DATABASE_SOURCES) {
    return searchStored(db, code, DATABASE_SOURCES[code as DatabaseSourceCode].source, query);
  }
  if (!isExternal(code)) throw notFound('No such legal source.', 'legal_source_not_found');
  const adapter = adaptersOf(deps)[code];
  if (!adapter)
    throw new AppError(503, 'api_key_required', 'This source needs an API key that is not configured.');
  const key = [code, query.toLowerCase(), options.docType ?? '', options.language ?? ''].join('|');
  let found = cached(key);
  if (!found) {
    try {
      found = await adapter.search(query, options);
    } catch (error) {
      log.warn({ err: error, source: code }, 'a legal source search failed');
      await recordProbe(db, code, { error: errorText(error) });
      throw sourceFailed(error);
    }
    remember(key, found);
  }
  return { results: await withStoredIds(db, STORED_SOURCE[code], found.results), total: found.total };
}

/** The stored recent list (at most 10), never an upstream call. */
export async function recentOfLegalSource(deps: AppDeps, code: LegalSourceCode): Promise<SourceResults> {
  const db = deps.database.db;
  if (code === 'uk') {
    const results = await recentStored(db, 'uk', [
      'legislation_gov_uk',
      'parliament_bills',
      'scottish_parliament',
    ]);
    return { results, total: results.length };
  }
  if (!isExternal(code)) throw notFound('No such legal source.', 'legal_source_not_found');
  const [state] = await db
    .select({ recent: legalSourceState.recent })
    .from(legalSourceState)
    .where(eq(legalSourceState.code, code));
  const results = await withStoredIds(db, STORED_SOURCE[code], (state?.recent ?? []).slice(0, RECENT_LIMIT));
  return { results, total: results.length };
}

// ---------------------------------------------------------------- store for following

/**
 * Stores a found item as a legal change (or finds the stored one) and answers its id. Storing
 * is quiet: an item a member is about to follow is not news for anyone's search terms.
 */
export async function storeLegalSourceItem(
  deps: AppDeps,
  log: FastifyBaseLogger,
  code: LegalSourceCode,
  identifier: string,
): Promise<number> {
  const db = deps.database.db;
  const stored =
    code === 'uk'
      ? 'legislation_gov_uk'
      : isExternal(code)
        ? STORED_SOURCE[code]
        : DATABASE_SOURCES[code as DatabaseSourceCode].source;
  const find = async (upstreamId: string) =>
    (
      await db
        .select({ id: legalChanges.id })
        .from(legalChanges)
        .where(and(eq(legalChanges.source, stored), eq(legalChanges.upstreamId, upstreamId)))
        .limit(1)
    )[0]?.id;
  const held = await find(identifier);
  if (held !== undefined) return held;
  const info = legalSourceByCode(code)!;
  const ctx = contextOf(deps, log);
  if (code === 'uk') {
    const key = parseItemUri(`https://www.legislation.gov.uk/id/${identifier}`);
    if (!key) throw badRequest('That is not a legislation.gov.uk item.', undefined, 'invalid_identifier');
    await recordedRun(ctx, { syncType: 'legal-source-item', jurisdiction: info.jurisdiction }, (c, run) =>
      syncLegislationItem(
        c,
        run,
        c.clients.legislation,
        `http://www.legislation.gov.uk/id/${key.path}`,
        [],
      ).then((ok) => ({ ok })),
    );
    const id = await find(key.path);
    if (id === undefined)
      throw new AppError(
        502,
        'source_unavailable',
        'The item could not be read from legislation.gov.uk.',
      ).localized('errors.sourceReadFailedLegislation');
    return id;
  }
  if (!isExternal(code))
    throw notFound('That item is not stored here.', 'legal_change_not_found').localized(
      'errors.itemNotStored',
    );
  const adapter = adaptersOf(deps)[code];
  if (!adapter)
    throw new AppError(503, 'api_key_required', 'This source needs an API key that is not configured.');
  let bundle;
  try {
    bundle = await adapter.fetchItem(identifier);
  } catch (error) {
    if (error instanceof InvalidIdentifierError)
      throw badRequest(error.message, undefined, 'invalid_identifier');
    if (error instanceof SourceItemNotFoundError || (error instanceof UpstreamError && error.status === 404))
      throw notFound('The source has no item with that identifier.', 'source_item_not_found');
    log.warn({ err: error, source: code }, 'reading an item from a legal source failed');
    throw new AppError(
      502,
      'source_unavailable',
      'The item could not be read from the source. Please try again.',
    ).localized('errors.sourceReadFailed');
  }
  let id: number | undefined;
  await recordedRun(
    ctx,
    { syncType: 'legal-source-item', jurisdiction: info.jurisdiction },
    async (c, run) => {
      id = (await storeItem(c.db, run, bundle, { quiet: true }))?.id;
      return { identifier };
    },
  );
  if (id === undefined)
    throw new AppError(
      502,
      'source_unavailable',
      'The item could not be stored. Please try again.',
    ).localized('errors.sourceStoreFailed');
  return id;
}
