/**
 * What the legal sources keep in memory, one set per app (made with the app's other caches in
 * app-caches.ts): the upstream searches, kept for a while per query.
 */
import { TtlCache } from '#server/cache/ttl-cache';
import type { SourceResults } from '#shared/schemas/legal-sources';

const SEARCH_CACHE_MS = 2 * 60_000;
const SEARCH_CACHE_ENTRIES = 500;

/** Searches of the upstream sources kept for a while, one cache per app (app-caches.ts). */
export type SourceSearches = TtlCache<SourceResults>;

export const createSourceSearches = (): SourceSearches =>
  new TtlCache<SourceResults>(SEARCH_CACHE_MS, SEARCH_CACHE_ENTRIES);
