import { and, count, desc, eq, exists, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, newsArticles, newsCaches, newsSearchTerms, userActions } from '#server/db/schema';
import type { NewsSubject } from '#server/providers/news/types';

const lc = legalChanges;
const nc = newsCaches;
const na = newsArticles;

const subjectColumns = {
  id: lc.id,
  title: lc.title,
  shortName: lc.shortName,
  longTitle: lc.longTitle,
  source: lc.source,
  upstreamId: lc.upstreamId,
  legislationType: lc.legislationType,
};

export async function getNewsSubject(
  db: DbOrTx,
  params: { legalChangeId: number },
): Promise<NewsSubject | null> {
  const [row] = await db.select(subjectColumns).from(lc).where(eq(lc.id, params.legalChangeId));
  return row ?? null;
}

export async function getNewsCache(db: DbOrTx, params: { legalChangeId: number }) {
  const [row] = await db
    .select({
      searchQuery: nc.searchQuery,
      fetchSuccess: nc.fetchSuccess,
      errorMessage: nc.errorMessage,
      lastFetched: nc.lastFetched,
      nextFetch: nc.nextFetch,
    })
    .from(nc)
    .where(eq(nc.legalChangeId, params.legalChangeId));
  return row ?? null;
}
export type NewsCacheRow = NonNullable<Awaited<ReturnType<typeof getNewsCache>>>;

export async function saveSearchTerms(
  db: DbOrTx,
  params: { legalChangeId: number; official: string; alternatives: string[] },
) {
  const t = newsSearchTerms;
  await db
    .insert(t)
    .values({ ...params, generatedAt: new Date() })
    .onConflictDoUpdate({
      target: t.legalChangeId,
      set: { official: params.official, alternatives: params.alternatives, generatedAt: new Date() },
      where: sql`(${t.official}, ${t.alternatives}) is distinct from (excluded.official, excluded.alternatives)`,
    });
}

export interface ArticleToStore {
  url: string;
  title: string;
  summary: string | null;
  source: string;
  favicon: string | null;
  provider: string;
  publishedDate: Date | null;
  relevanceScore: number;
}

/** Inserts new articles and updates changed ones; answers how many of each. */
export async function storeArticles(
  db: DbOrTx,
  params: { legalChangeId: number; articles: ArticleToStore[] },
) {
  if (!params.articles.length) return { added: 0, updated: 0 };
  const rows = await db
    .insert(na)
    .values(params.articles.map((a) => ({ ...a, legalChangeId: params.legalChangeId })))
    .onConflictDoUpdate({
      target: [na.legalChangeId, na.url],
      set: {
        title: sql`excluded.title`,
        summary: sql`excluded.summary`,
        source: sql`excluded.source`,
        favicon: sql`excluded.favicon`,
        provider: sql`excluded.provider`,
        publishedDate: sql`excluded.published_date`,
        relevanceScore: sql`excluded.relevance_score`,
        updatedAt: sql`now()`,
      },
      where: sql`(${na.title}, ${na.summary}, ${na.source}, ${na.publishedDate}, ${na.relevanceScore}) is distinct from (excluded.title, excluded.summary, excluded.source, excluded.published_date, excluded.relevance_score)`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const added = rows.filter((r) => r.inserted).length;
  return { added, updated: rows.length - added };
}

export async function countArticles(db: DbOrTx, params: { legalChangeId: number }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(na).where(eq(na.legalChangeId, params.legalChangeId));
  return row?.n ?? 0;
}

export async function saveNewsCache(
  db: DbOrTx,
  params: {
    legalChangeId: number;
    searchQuery: string;
    fetchSuccess: boolean;
    errorMessage: string | null;
    newArticlesCount: number;
    updatedArticlesCount: number;
    totalArticlesCount: number;
    lastFetched: Date;
    nextFetch: Date;
  },
): Promise<NewsCacheRow> {
  const { legalChangeId: _legalChangeId, ...fields } = params;
  const [row] = await db
    .insert(nc)
    .values(params)
    .onConflictDoUpdate({ target: nc.legalChangeId, set: { ...fields, updatedAt: sql`now()` } })
    .returning({
      searchQuery: nc.searchQuery,
      fetchSuccess: nc.fetchSuccess,
      errorMessage: nc.errorMessage,
      lastFetched: nc.lastFetched,
      nextFetch: nc.nextFetch,
    });
  return row!;
}

/** The articles to show: most relevant first, then newest. */
export async function listCachedArticles(db: DbOrTx, params: { legalChangeId: number; limit: number }) {
  return db
    .select({
      source: na.source,
      publishedDate: na.publishedDate,
      url: na.url,
      title: na.title,
      summary: na.summary,
      relevanceScore: na.relevanceScore,
      favicon: na.favicon,
    })
    .from(na)
    .where(eq(na.legalChangeId, params.legalChangeId))
    .orderBy(desc(na.relevanceScore), sql`${na.publishedDate} desc nulls last`, desc(na.id))
    .limit(Math.min(Math.max(params.limit, 1), 100));
}
export type CachedArticleRow = Awaited<ReturnType<typeof listCachedArticles>>[number];

/**
 * Items whose news is due: caches past next_fetch, and followed items never fetched.
 * Followed items come first, then the longest overdue.
 */
export async function listItemsDueForNews(
  db: DbOrTx,
  params: { now: Date; limit: number },
): Promise<NewsSubject[]> {
  const followed = exists(
    db
      .select({ one: sql`1` })
      .from(userActions)
      .where(and(eq(userActions.legalChangeId, lc.id), eq(userActions.action, 'followed'))),
  );
  return db
    .select(subjectColumns)
    .from(lc)
    .leftJoin(nc, eq(nc.legalChangeId, lc.id))
    .where(or(lte(nc.nextFetch, params.now), and(isNull(nc.id), followed)))
    .orderBy(desc(followed), sql`${nc.nextFetch} asc nulls first`, lc.id)
    .limit(params.limit);
}
