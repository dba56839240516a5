import type { FastifyBaseLogger } from 'fastify';
import type { InFlightRuns } from '#server/cache/in-flight-runs';
import type { DbOrTx } from '#server/db/client';
import { MIN_RELEVANCE, relevanceScore } from '#server/providers/news/relevance';
import { deriveSearchTerms } from '#server/providers/news/search-terms';
import type { NewsProvider, NewsSubject, RawArticle } from '#server/providers/news/types';
import { UpstreamError } from '#server/sources/http';
import type { NewsResult } from '#shared/schemas/legal-change-detail';
import { legalChangeNotFound } from './detail.errors';
import {
  countArticles,
  getNewsCache,
  getNewsSubject,
  listCachedArticles,
  saveNewsCache,
  saveSearchTerms,
  storeArticles,
  type ArticleToStore,
  type NewsCacheRow,
} from './news.queries';
import { presentNewsResult } from './news.presenter';

/** A successful fetch is reused for 6 hours; after a failure every provider is tried again in 15 minutes. */
export const NEWS_REFETCH_MS = 6 * 3600_000;
export const NEWS_RETRY_AFTER_FAILURE_MS = 15 * 60_000;
const ARTICLES_SHOWN = 30;

/** 'https://www.gov.uk/a/b/?utm_source=x' and 'https://www.gov.uk/a/b' are the same article. */
export function articleKey(url: string): string {
  try {
    const u = new URL(url);
    for (const name of [...u.searchParams.keys()]) if (name.startsWith('utm_')) u.searchParams.delete(name);
    if (u.pathname.length > 1) u.pathname = u.pathname.replace(/\/+$/, '');
    return u.toString();
  } catch {
    return url;
  }
}

/** Why a provider found nothing, as the News tab says it: its label and what went wrong. */
export function failureMessage(provider: Pick<NewsProvider, 'label'>, error: unknown): string {
  if (error instanceof UpstreamError) {
    const why =
      error.kind === 'http_status'
        ? `answered with status ${error.status}`
        : error.kind === 'timeout'
          ? 'did not answer in time'
          : error.kind === 'rate_limited'
            ? 'asked us to slow down'
            : error.kind === 'network'
              ? 'could not be reached'
              : 'sent an unreadable answer';
    return `${provider.label} ${why}`;
  }
  return `${provider.label} could not be reached`;
}

/** Merges every provider's articles, deduplicated by URL, scored, weak matches dropped. */
export function mergeArticles(subject: NewsSubject, found: RawArticle[][]): ArticleToStore[] {
  const terms = deriveSearchTerms(subject);
  const byUrl = new Map<string, ArticleToStore>();
  for (const article of found.flat()) {
    const score = relevanceScore(terms, article);
    if (score < MIN_RELEVANCE) continue;
    const key = articleKey(article.url);
    const seen = byUrl.get(key);
    if (seen && seen.relevanceScore >= score) continue;
    const { official: _official, ...fields } = article;
    byUrl.set(key, { ...fields, url: key, relevanceScore: score });
  }
  return [...byUrl.values()];
}

/**
 * Asks every provider for the item's news and records the outcome in the cache. When every
 * provider fails, the cached articles stay and the cache carries the error.
 */
export async function refreshItemNews(
  db: DbOrTx,
  providers: NewsProvider[],
  subject: NewsSubject,
  opts: { log: FastifyBaseLogger; now?: Date },
): Promise<NewsCacheRow> {
  const now = opts.now ?? new Date();
  const terms = deriveSearchTerms(subject);
  await saveSearchTerms(db, { legalChangeId: subject.id, ...terms });
  const applicable = providers.filter((provider) => provider.appliesTo(subject));
  const outcomes = await Promise.allSettled(
    applicable.map((provider) => provider.search(subject, terms.official)),
  );
  const failures: string[] = [];
  const found: RawArticle[][] = [];
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') return void found.push(outcome.value);
    opts.log.warn(
      { err: outcome.reason, provider: applicable[i]!.name, legalChangeId: subject.id },
      'news provider failed',
    );
    failures.push(failureMessage(applicable[i]!, outcome.reason));
  });
  const everyProviderFailed = applicable.length > 0 && failures.length === applicable.length;
  const stored = everyProviderFailed
    ? { added: 0, updated: 0 }
    : await storeArticles(db, { legalChangeId: subject.id, articles: mergeArticles(subject, found) });
  return saveNewsCache(db, {
    legalChangeId: subject.id,
    searchQuery: terms.official,
    fetchSuccess: !everyProviderFailed,
    errorMessage: failures.length ? `${failures.join('; ')}.` : null,
    newArticlesCount: stored.added,
    updatedArticlesCount: stored.updated,
    totalArticlesCount: await countArticles(db, { legalChangeId: subject.id }),
    lastFetched: now,
    nextFetch: new Date(
      now.getTime() + (everyProviderFailed ? NEWS_RETRY_AFTER_FAILURE_MS : NEWS_REFETCH_MS),
    ),
  });
}

/** The item's news from the cache, fetched first when due (or when `refresh` asks for it). */
export async function getNews(
  db: DbOrTx,
  providers: NewsProvider[],
  params: { legalChangeId: number; refresh: boolean; log: FastifyBaseLogger },
  /** the app's fetches under way: one per item at a time, shared by concurrent readers */
  refreshes: InFlightRuns<number, NewsCacheRow>,
): Promise<NewsResult> {
  const subject = await getNewsSubject(db, params);
  if (!subject) throw legalChangeNotFound();
  const cache = await getNewsCache(db, params);
  const fresh =
    cache &&
    !params.refresh &&
    cache.nextFetch &&
    cache.nextFetch.getTime() > Date.now() &&
    cache.searchQuery === deriveSearchTerms(subject).official
      ? cache
      : null;
  const current =
    fresh ??
    (await refreshes.run(subject.id, () => refreshItemNews(db, providers, subject, { log: params.log })));
  const articles = await listCachedArticles(db, { legalChangeId: subject.id, limit: ARTICLES_SHOWN });
  return presentNewsResult(current, articles);
}
