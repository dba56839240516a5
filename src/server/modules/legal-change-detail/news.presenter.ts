import type { NewsArticle, NewsResult } from '#shared/schemas/legal-change-detail';
import type { CachedArticleRow, NewsCacheRow } from './news.queries';

export function presentNewsArticle(row: CachedArticleRow): NewsArticle {
  return {
    source: row.source,
    publishedDate: row.publishedDate ? row.publishedDate.toISOString() : null,
    url: row.url,
    title: row.title,
    summary: row.summary,
    // stored as a 4-byte real: show two decimals, within 0..1
    relevanceScore: Math.min(1, Math.max(0, Math.round(row.relevanceScore * 100) / 100)),
    favicon: row.favicon,
  };
}

export function presentNewsResult(cache: NewsCacheRow, articles: CachedArticleRow[]): NewsResult {
  return {
    articles: articles.map(presentNewsArticle),
    lastUpdated: cache.lastFetched ? cache.lastFetched.toISOString() : null,
    searchQuery: cache.searchQuery,
    ...(cache.fetchSuccess
      ? {}
      : {
          error: `News search is temporarily unavailable: ${cache.errorMessage ?? 'no news service answered.'}`,
        }),
  };
}
