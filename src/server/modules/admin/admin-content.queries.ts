/** The News Cache, Search Terms and Legislation Settings tabs. */
import { asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, legislationTypes, newsArticles, newsCaches, newsSearchTerms } from '#server/db/schema';
import type { AdminSearchTerms, CachedArticleList, NewsCacheList } from '#shared/schemas/admin';
import { DAY_MS } from '#shared/time';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** News searches of the last 24 hours, newest first. */
export async function recentNewsCaches(db: DbOrTx, now: Date): Promise<NewsCacheList> {
  const rows = await db
    .select({
      id: newsCaches.id,
      legislationId: newsCaches.legalChangeId,
      title: legalChanges.title,
      legislationType: legalChanges.legislationType,
      searchQuery: newsCaches.searchQuery,
      fetchSuccess: newsCaches.fetchSuccess,
      historic: newsCaches.historic,
      newArticlesCount: newsCaches.newArticlesCount,
      updatedArticlesCount: newsCaches.updatedArticlesCount,
      totalArticlesCount: newsCaches.totalArticlesCount,
      jurisdiction: newsCaches.jurisdiction,
      lastFetched: newsCaches.lastFetched,
      nextFetch: newsCaches.nextFetch,
      createdAt: newsCaches.createdAt,
      errorMessage: newsCaches.errorMessage,
    })
    .from(newsCaches)
    .innerJoin(legalChanges, eq(legalChanges.id, newsCaches.legalChangeId))
    .where(gte(newsCaches.updatedAt, new Date(now.getTime() - DAY_MS)))
    .orderBy(desc(newsCaches.updatedAt))
    .limit(200);
  return {
    now: now.toISOString(),
    entries: rows.map((r) => ({
      ...r,
      legislationType: r.legislationType === 'secondary' ? 'secondary' : 'primary',
      lastFetched: r.lastFetched?.toISOString() ?? null,
      nextFetch: r.nextFetch?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The articles cached for one news search (by the news cache's id). */
export async function cachedArticles(
  db: DbOrTx,
  cacheId: number,
  now: Date,
): Promise<CachedArticleList | null> {
  const [cache] = await db
    .select({ legalChangeId: newsCaches.legalChangeId })
    .from(newsCaches)
    .where(eq(newsCaches.id, cacheId));
  if (!cache) return null;
  const rows = await db
    .select()
    .from(newsArticles)
    .where(eq(newsArticles.legalChangeId, cache.legalChangeId))
    .orderBy(desc(newsArticles.updatedAt))
    .limit(100);
  return {
    now: now.toISOString(),
    articles: rows.map((a) => ({
      id: a.id,
      title: a.title,
      favicon: a.favicon,
      snippet: a.summary,
      source: a.source,
      date: a.publishedDate?.toISOString() ?? null,
      url: a.url,
      firstCachedAt: a.createdAt.toISOString(),
      lastUpdated: a.updatedAt.toISOString(),
    })),
  };
}

/** Members' search terms (how many members, matches in 30 days) and the news search terms per item. */
export async function adminSearchTerms(db: DbOrTx): Promise<AdminSearchTerms> {
  const memberTerms = rowsOf<{ term: string; members: number; active: number; matches: number }>(
    await db.execute(sql`
      with terms as (
        select lower(search_term) as term, count(*)::int as members,
               count(*) filter (where is_active)::int as active
        from search_terms group by 1 order by members desc, term limit 200
      )
      select t.term, t.members, t.active,
        (select count(*)::int from alert_items ai
          where ai.reason = 'search_term' and ai.created_at > now() - interval '30 days'
            and exists (select 1 from jsonb_array_elements_text(ai.detail -> 'terms') x
                        where lower(x) = t.term)) as matches
      from terms t order by t.members desc, t.term`),
  );
  const newsTerms = await db
    .select({
      id: legalChanges.id,
      type: legalChanges.legislationType,
      title: legalChanges.title,
      official: newsSearchTerms.official,
      alternatives: newsSearchTerms.alternatives,
      generatedAt: newsSearchTerms.generatedAt,
    })
    .from(newsSearchTerms)
    .innerJoin(legalChanges, eq(legalChanges.id, newsSearchTerms.legalChangeId))
    .orderBy(desc(newsSearchTerms.generatedAt))
    .limit(200);
  return {
    memberTerms: memberTerms.map((r) => ({
      term: r.term,
      members: r.members,
      activeMembers: r.active,
      matchesLast30Days: r.matches,
    })),
    newsTerms: newsTerms.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      searchTerms: {
        official: [r.official],
        alternatives: r.alternatives,
        generated_at: r.generatedAt.toISOString(),
      },
    })),
  };
}

/** preferenceKey → globally available, in the spec's order. */
export async function availabilityMap(db: DbOrTx): Promise<Record<string, boolean>> {
  const rows = await db
    .select({ key: legislationTypes.preferenceKey, on: legislationTypes.globallyAvailable })
    .from(legislationTypes)
    .orderBy(asc(legislationTypes.sortOrder));
  return Object.fromEntries(rows.map((r) => [r.key, r.on]));
}

export async function saveAvailability(db: DbOrTx, availability: Record<string, boolean>): Promise<void> {
  for (const [key, on] of Object.entries(availability)) {
    await db
      .update(legislationTypes)
      .set({ globallyAvailable: on, updatedAt: new Date() })
      .where(eq(legislationTypes.preferenceKey, key));
  }
}

/** What an item's news search terms are made from; undefined when there is no such item. */
export async function findItemForSearchTerms(db: DbOrTx, id: number) {
  const [item] = await db
    .select({
      id: legalChanges.id,
      title: legalChanges.title,
      shortName: legalChanges.shortName,
      legislationType: legalChanges.legislationType,
    })
    .from(legalChanges)
    .where(eq(legalChanges.id, id));
  return item;
}
