/**
 * Searching legal sources and their recent lists: what is stored here first, upstream searches
 * cached briefly per query, and every result already stored marked with its legal change id.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#server/app-types';
import type { Db } from '#server/db/client';
import { notFound } from '#server/http/errors';
import { syncContextOf } from '#server/modules/sync/sync.service';
import type { SearchOptions } from '#server/sources/common/international';
import { fetchFeedPage } from '#server/sources/legislation-gov-uk/client';
import { parseItemUri } from '#server/sources/legislation-gov-uk/mapper';
import { RECENT_LIMIT, type LegalSourceCode } from '#shared/legal-sources';
import { LEGISLATION_TYPES } from '#shared/legislation';
import type { SourceResult, SourceResults } from '#shared/schemas/legal-sources';
import {
  adaptersOf,
  DATABASE_SOURCES,
  isExternal,
  STORED_SOURCE,
  type DatabaseSourceCode,
} from './legal-sources.clients';
import {
  legalSourceStateOf,
  recentStoredItems,
  searchStoredItems,
  storedIdsOf,
  type StoredRow,
} from './legal-sources.queries';
import type { SourceSearches } from './legal-sources.caches';
import { recordProbe } from './legal-sources.service';
import { apiKeyRequired, errorText, sourceFailed } from './source-failures';

/** Marks results already stored here with their legal change id, so they can be followed at once. */
async function withStoredIds(db: Db, source: string, results: SourceResult[]): Promise<SourceResult[]> {
  const ids = results.map((r) => r.identifier);
  if (!ids.length) return results;
  const byUpstream = await storedIdsOf(db, { source, upstreamIds: ids });
  return results.map((r) => {
    const id = byUpstream.get(r.identifier);
    return id === undefined ? r : { ...r, legalChangeId: id };
  });
}

const TYPE_NAMES = new Map(LEGISLATION_TYPES.map((t) => [t.code, t.name]));

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
  const rows = await searchStoredItems(db, { source, query });
  return { results: rows.map((r) => storedResult(code, r)), total: rows[0]?.total ?? 0 };
}

async function recentStored(db: Db, code: LegalSourceCode, sources: string[]) {
  const rows = await recentStoredItems(db, { sources, limit: RECENT_LIMIT });
  return rows.map((r) => storedResult(code, r));
}

/** UK: what is stored here, then legislation.gov.uk's title search for what is not (yet). */
async function searchUk(
  deps: AppDeps,
  searches: SourceSearches,
  log: FastifyBaseLogger,
  query: string,
): Promise<SourceResults> {
  const db = deps.database.db;
  const stored = await searchStored(db, 'uk', 'legislation_gov_uk', query);
  const key = `uk|${query.toLowerCase()}`;
  let remote = searches.get(key) ?? null;
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
      searches.set(key, remote);
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

export async function searchLegalSource(
  deps: AppDeps,
  searches: SourceSearches,
  log: FastifyBaseLogger,
  code: LegalSourceCode,
  query: string,
  options: SearchOptions = {},
): Promise<SourceResults> {
  const db = deps.database.db;
  if (code === 'uk') return searchUk(deps, searches, log, query);
  if (code in DATABASE_SOURCES) {
    return searchStored(db, code, DATABASE_SOURCES[code as DatabaseSourceCode].source, query);
  }
  if (!isExternal(code)) throw notFound('No such legal source.', 'legal_source_not_found');
  const adapter = adaptersOf(deps)[code];
  if (!adapter) throw apiKeyRequired();
  const key = [code, query.toLowerCase(), options.docType ?? '', options.language ?? ''].join('|');
  let found = searches.get(key) ?? null;
  if (!found) {
    try {
      found = await adapter.search(query, options);
    } catch (error) {
      log.warn({ err: error, source: code }, 'a legal source search failed');
      await recordProbe(db, code, { error: errorText(error) });
      throw sourceFailed(error);
    }
    searches.set(key, found);
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
  const state = await legalSourceStateOf(db, { code });
  const results = await withStoredIds(db, STORED_SOURCE[code], (state?.recent ?? []).slice(0, RECENT_LIMIT));
  return { results, total: results.length };
}
