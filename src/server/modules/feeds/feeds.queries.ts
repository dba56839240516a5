/**
 * The rows behind a member's private feeds: their feed key, what they follow and their search
 * terms, the dated deadlines of followed items, and the entries of the Atom feeds.
 */
import { and, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import {
  legalChangeEffects,
  legalChanges,
  notifications,
  searchTerms,
  timelineEvents,
  userActions,
  userFeedKeys,
  users,
} from '#server/db/schema';

export async function feedNonceOf(db: Db, params: { userId: number }): Promise<string | null> {
  const [row] = await db
    .select({ nonce: userFeedKeys.nonce })
    .from(userFeedKeys)
    .where(eq(userFeedKeys.userId, params.userId));
  return row?.nonce ?? null;
}

/** Stores a key unless the member has one (`replace`: a new key replaces the old). */
export async function saveFeedNonce(
  db: Db,
  params: { userId: number; nonce: string; replace: boolean },
): Promise<void> {
  const { userId, nonce } = params;
  const insert = db.insert(userFeedKeys).values({ userId, nonce });
  if (params.replace)
    await insert.onConflictDoUpdate({ target: userFeedKeys.userId, set: { nonce, createdAt: new Date() } });
  else await insert.onConflictDoNothing();
}

export async function followedItemTitles(db: Db, params: { userId: number; limit: number }) {
  return db
    .select({ id: legalChanges.id, title: legalChanges.title })
    .from(userActions)
    .innerJoin(legalChanges, eq(legalChanges.id, userActions.legalChangeId))
    .where(and(eq(userActions.userId, params.userId), eq(userActions.action, 'followed')))
    .orderBy(desc(userActions.createdAt))
    .limit(params.limit);
}

export async function memberSearchTerms(db: Db, params: { userId: number; limit: number }) {
  return db
    .select({ id: searchTerms.id, term: searchTerms.searchTerm })
    .from(searchTerms)
    .where(eq(searchTerms.userId, params.userId))
    .orderBy(searchTerms.id)
    .limit(params.limit);
}

export async function memberTimezone(db: Db, params: { userId: number }): Promise<string | null> {
  const [member] = await db
    .select({ timezone: users.timezone })
    .from(users)
    .where(eq(users.id, params.userId));
  return member?.timezone ?? null;
}

type Window = { userId: number; from: string; to: string };

const followedBy = (db: Db, userId: number) =>
  db
    .select({ id: userActions.legalChangeId })
    .from(userActions)
    .where(and(eq(userActions.userId, userId), eq(userActions.action, 'followed')));

/** Followed items whose consultation ends or that come into force within the window. */
export async function followedItemDates(db: Db, params: Window) {
  const { from, to } = params;
  return db
    .select({
      id: legalChanges.id,
      title: legalChanges.title,
      consultationEndDate: legalChanges.consultationEndDate,
      effectiveDate: legalChanges.effectiveDate,
    })
    .from(legalChanges)
    .where(
      and(
        inArray(legalChanges.id, followedBy(db, params.userId)),
        or(
          and(gte(legalChanges.consultationEndDate, from), lte(legalChanges.consultationEndDate, to)),
          and(gte(legalChanges.effectiveDate, from), lte(legalChanges.effectiveDate, to)),
        ),
      ),
    );
}

/** Recorded changes to followed items coming into force within the window. */
export async function followedEffectDates(db: Db, params: Window & { limit: number }) {
  return db
    .select({
      id: legalChangeEffects.id,
      legalChangeId: legalChangeEffects.legalChangeId,
      title: legalChanges.title,
      type: legalChangeEffects.type,
      provisions: legalChangeEffects.affectedProvisions,
      by: legalChangeEffects.affectingTitle,
      date: legalChangeEffects.inForceDate,
    })
    .from(legalChangeEffects)
    .innerJoin(legalChanges, eq(legalChanges.id, legalChangeEffects.legalChangeId))
    .where(
      and(
        inArray(legalChangeEffects.legalChangeId, followedBy(db, params.userId)),
        gte(legalChangeEffects.inForceDate, params.from),
        lte(legalChangeEffects.inForceDate, params.to),
      ),
    )
    .limit(params.limit);
}

/** Dated stages of followed items within the window. */
export async function followedStageDates(db: Db, params: Window & { limit: number }) {
  return db
    .select({
      id: timelineEvents.id,
      legalChangeId: timelineEvents.legalChangeId,
      title: legalChanges.title,
      stage: timelineEvents.title,
      date: timelineEvents.eventDate,
    })
    .from(timelineEvents)
    .innerJoin(legalChanges, eq(legalChanges.id, timelineEvents.legalChangeId))
    .where(
      and(
        inArray(timelineEvents.legalChangeId, followedBy(db, params.userId)),
        isNotNull(timelineEvents.eventDate),
        gte(timelineEvents.eventDate, params.from),
        lte(timelineEvents.eventDate, params.to),
      ),
    )
    .limit(params.limit);
}

export async function latestNotifications(db: Db, params: { userId: number; limit: number }) {
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      createdAt: notifications.createdAt,
      legislationId: notifications.legislationId,
    })
    .from(notifications)
    .where(eq(notifications.userId, params.userId))
    .orderBy(desc(notifications.id))
    .limit(params.limit);
}

export async function feedItem(db: Db, params: { legalChangeId: number }) {
  const [item] = await db
    .select({ id: legalChanges.id, title: legalChanges.title, updatedAt: legalChanges.updatedAt })
    .from(legalChanges)
    .where(eq(legalChanges.id, params.legalChangeId));
  return item ?? null;
}

export async function latestTimelineEvents(db: Db, params: { legalChangeId: number; limit: number }) {
  return db
    .select({
      id: timelineEvents.id,
      title: timelineEvents.title,
      description: timelineEvents.description,
      eventDate: timelineEvents.eventDate,
      createdAt: timelineEvents.createdAt,
    })
    .from(timelineEvents)
    .where(eq(timelineEvents.legalChangeId, params.legalChangeId))
    .orderBy(desc(timelineEvents.eventDate), desc(timelineEvents.id))
    .limit(params.limit);
}

export async function latestEffects(db: Db, params: { legalChangeId: number; limit: number }) {
  return db
    .select({
      id: legalChangeEffects.id,
      type: legalChangeEffects.type,
      affectedProvisions: legalChangeEffects.affectedProvisions,
      affectingTitle: legalChangeEffects.affectingTitle,
      affectingProvisions: legalChangeEffects.affectingProvisions,
      modifiedAt: legalChangeEffects.modifiedAt,
      createdAt: legalChangeEffects.createdAt,
    })
    .from(legalChangeEffects)
    .where(eq(legalChangeEffects.legalChangeId, params.legalChangeId))
    .orderBy(desc(legalChangeEffects.modifiedAt))
    .limit(params.limit);
}

export async function memberSearchTerm(db: Db, params: { userId: number; termId: number }) {
  const [term] = await db
    .select({ id: searchTerms.id, searchTerm: searchTerms.searchTerm })
    .from(searchTerms)
    .where(and(eq(searchTerms.id, params.termId), eq(searchTerms.userId, params.userId)));
  return term ?? null;
}

/** The newest items matching a search term. */
export async function itemsMatching(db: Db, params: { term: string; limit: number }) {
  return db
    .select({
      id: legalChanges.id,
      title: legalChanges.title,
      description: legalChanges.description,
      updatedAt: legalChanges.updatedAt,
    })
    .from(legalChanges)
    .where(sql`${legalChanges.search} @@ websearch_to_tsquery('english', ${params.term})`)
    .orderBy(desc(legalChanges.itemSortDate), desc(legalChanges.id))
    .limit(params.limit);
}
