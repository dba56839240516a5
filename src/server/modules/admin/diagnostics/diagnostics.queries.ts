/** What the console's diagnostics read: cached news, followed items and the Sentencing Bill's record. */
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { changeEvents, legalChanges, newsArticles, searchTerms, userActions } from '#server/db/schema';

const article = {
  id: newsArticles.id,
  legalChangeId: newsArticles.legalChangeId,
  itemTitle: legalChanges.title,
  title: newsArticles.title,
  source: newsArticles.source,
  url: newsArticles.url,
  publishedDate: newsArticles.publishedDate,
};

/** The most recently stored news article, with its item's title. */
export async function latestCachedArticle(db: DbOrTx) {
  const [row] = await db
    .select(article)
    .from(newsArticles)
    .innerJoin(legalChanges, eq(legalChanges.id, newsArticles.legalChangeId))
    .orderBy(desc(newsArticles.updatedAt), desc(newsArticles.id))
    .limit(1);
  return row ?? null;
}

/** The item with stored news that most members follow (then the most recent news). */
export async function mostFollowedItemWithNews(db: DbOrTx) {
  const followers = sql<number>`(select count(*)::int from ${userActions} ua
    where ua.legal_change_id = ${legalChanges.id} and ua.action = 'followed')`;
  const [row] = await db
    .select({ id: legalChanges.id, title: legalChanges.title, followers })
    .from(legalChanges)
    .where(sql`exists (select 1 from ${newsArticles} na where na.legal_change_id = ${legalChanges.id})`)
    .orderBy(desc(followers), desc(legalChanges.id))
    .limit(1);
  return row ?? null;
}

export async function articlesOf(db: DbOrTx, legalChangeId: number, limit: number) {
  return db
    .select(article)
    .from(newsArticles)
    .innerJoin(legalChanges, eq(legalChanges.id, newsArticles.legalChangeId))
    .where(eq(newsArticles.legalChangeId, legalChangeId))
    .orderBy(desc(newsArticles.relevanceScore), desc(newsArticles.publishedDate), desc(newsArticles.id))
    .limit(limit);
}

/** The Sentencing Bill as recorded (the newest, if Parliament has had more than one). */
export async function sentencingBill(db: DbOrTx) {
  const [row] = await db
    .select({
      id: legalChanges.id,
      title: legalChanges.title,
      legislationType: legalChanges.legislationType,
      category: legalChanges.category,
      currentStage: legalChanges.currentStage,
      consultationEndDate: legalChanges.consultationEndDate,
    })
    .from(legalChanges)
    .where(and(ilike(legalChanges.title, 'Sentencing Bill%'), eq(legalChanges.category, 'primary')))
    .orderBy(desc(legalChanges.id))
    .limit(1);
  return row ?? null;
}

/** An item's recorded change events: how many, and the newest. */
export async function eventsOf(db: DbOrTx, legalChangeId: number) {
  const [total] = await db
    .select({ n: count() })
    .from(changeEvents)
    .where(eq(changeEvents.legalChangeId, legalChangeId));
  const [latest] = await db
    .select({
      id: changeEvents.id,
      kind: changeEvents.kind,
      before: changeEvents.before,
      after: changeEvents.after,
      detectedAt: changeEvents.detectedAt,
      processedAt: changeEvents.processedAt,
    })
    .from(changeEvents)
    .where(eq(changeEvents.legalChangeId, legalChangeId))
    .orderBy(desc(changeEvents.id))
    .limit(1);
  return { total: total?.n ?? 0, latest: latest ?? null };
}

/** Members an item's alerts reach: its followers, and members with an active term in its title. */
export async function alertReach(db: DbOrTx, legalChangeId: number) {
  const [followers] = await db
    .select({ n: count() })
    .from(userActions)
    .where(and(eq(userActions.legalChangeId, legalChangeId), eq(userActions.action, 'followed')));
  const [byTerms] = await db
    .select({ n: sql<number>`count(distinct ${searchTerms.userId})::int` })
    .from(searchTerms)
    .innerJoin(legalChanges, eq(legalChanges.id, legalChangeId))
    .where(
      and(
        eq(searchTerms.isActive, true),
        sql`to_tsvector('english', ${legalChanges.title}) @@ phraseto_tsquery('english', ${searchTerms.searchTerm})`,
      ),
    );
  return { followers: followers?.n ?? 0, byTerms: byTerms?.n ?? 0 };
}
