/** The team's list of watched items with their assessments, the horizon's dates and the board pack's rows. */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import {
  changeEvents,
  legalChangeEffects,
  legalChanges,
  orgAssessments,
  orgWatchlist,
  timelineEvents,
  users,
} from '#server/db/schema';
import type { AssessmentStatus } from '#shared/orgs';

const statusOf = sql<AssessmentStatus>`coalesce(${orgAssessments.status}, 'new')`;

/** The item's latest recorded change (change_events_item_idx answers it per row). */
const lastChangeAt = sql<
  Date | string | null
>`(select max(${changeEvents.detectedAt}) from ${changeEvents} where ${changeEvents.legalChangeId} = ${orgWatchlist.legalChangeId})`;

export interface TeamFilter {
  orgId: number;
  status?: AssessmentStatus;
  ownerUserId?: number;
  dueBefore?: string;
}

export async function teamItemsPage(db: DbOrTx, params: TeamFilter & { limit: number; offset: number }) {
  const where: (SQL | undefined)[] = [eq(orgWatchlist.orgId, params.orgId)];
  if (params.status) where.push(sql`${statusOf} = ${params.status}`);
  if (params.ownerUserId) where.push(eq(orgAssessments.ownerUserId, params.ownerUserId));
  if (params.dueBefore) where.push(lte(orgAssessments.dueDate, params.dueBefore));
  return db
    .select({
      legalChangeId: legalChanges.id,
      title: legalChanges.title,
      legislationType: legalChanges.legislationType,
      category: legalChanges.category,
      itemStatus: legalChanges.status,
      currentStage: legalChanges.currentStage,
      addedAt: orgWatchlist.createdAt,
      lastChangeAt,
      status: statusOf,
      relevance: orgAssessments.relevance,
      ownerUserId: orgAssessments.ownerUserId,
      dueDate: orgAssessments.dueDate,
      impactNote: orgAssessments.impactNote,
      updatedAt: orgAssessments.updatedAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(orgWatchlist)
    .innerJoin(legalChanges, eq(legalChanges.id, orgWatchlist.legalChangeId))
    .leftJoin(
      orgAssessments,
      and(
        eq(orgAssessments.orgId, orgWatchlist.orgId),
        eq(orgAssessments.legalChangeId, orgWatchlist.legalChangeId),
      ),
    )
    .where(and(...where))
    .orderBy(
      sql`${orgAssessments.dueDate} asc nulls last`,
      desc(orgWatchlist.createdAt),
      asc(legalChanges.id),
    )
    .limit(params.limit)
    .offset(params.offset);
}

const watchedIds = (db: DbOrTx, orgId: number) =>
  db.select({ id: orgWatchlist.legalChangeId }).from(orgWatchlist).where(eq(orgWatchlist.orgId, orgId));

type Window = { orgId: number; from: string; to: string; limit: number };

/** Dated events of the watched items within the window (each kind at most `limit`). */
export async function horizonRows(db: DbOrTx, params: Window) {
  const { orgId, from, to, limit } = params;
  const ids = watchedIds(db, orgId);
  const item = (column: typeof legalChanges.consultationEndDate) =>
    db
      .select({
        date: sql<string>`${column}::text`,
        legalChangeId: legalChanges.id,
        title: legalChanges.title,
      })
      .from(legalChanges)
      .where(and(inArray(legalChanges.id, ids), gte(column, from), lte(column, to)))
      .limit(limit);
  const [consultations, commencements, effects, stages, dues] = await Promise.all([
    item(legalChanges.consultationEndDate),
    item(legalChanges.effectiveDate),
    db
      .select({
        date: sql<string>`${legalChangeEffects.inForceDate}::text`,
        legalChangeId: legalChanges.id,
        title: legalChanges.title,
      })
      .from(legalChangeEffects)
      .innerJoin(legalChanges, eq(legalChanges.id, legalChangeEffects.legalChangeId))
      .where(
        and(
          inArray(legalChangeEffects.legalChangeId, ids),
          gte(legalChangeEffects.inForceDate, from),
          lte(legalChangeEffects.inForceDate, to),
        ),
      )
      .limit(limit),
    db
      .select({
        date: sql<string>`${timelineEvents.eventDate}::text`,
        legalChangeId: legalChanges.id,
        title: sql<string>`${timelineEvents.title} || ': ' || ${legalChanges.title}`,
      })
      .from(timelineEvents)
      .innerJoin(legalChanges, eq(legalChanges.id, timelineEvents.legalChangeId))
      .where(
        and(
          inArray(timelineEvents.legalChangeId, ids),
          isNotNull(timelineEvents.eventDate),
          gte(timelineEvents.eventDate, from),
          lte(timelineEvents.eventDate, to),
        ),
      )
      .limit(limit),
    db
      .select({
        date: sql<string>`${orgAssessments.dueDate}::text`,
        legalChangeId: legalChanges.id,
        title: legalChanges.title,
      })
      .from(orgAssessments)
      .innerJoin(legalChanges, eq(legalChanges.id, orgAssessments.legalChangeId))
      .where(
        and(
          eq(orgAssessments.orgId, orgId),
          inArray(orgAssessments.legalChangeId, ids),
          gte(orgAssessments.dueDate, from),
          lte(orgAssessments.dueDate, to),
        ),
      )
      .limit(limit),
  ]);
  return { consultations, commencements, effects, stages, dues };
}

const ownerEmail = sql<
  string | null
>`(select ${users.email} from ${users} where ${users.id} = ${orgAssessments.ownerUserId})`;

/** Watched items changed within [from, before): their last change in it and their assessment. */
export async function changedInPeriod(
  db: DbOrTx,
  params: { orgId: number; from: Date; before: Date; limit: number },
) {
  return db
    .select({
      legalChangeId: legalChanges.id,
      title: legalChanges.title,
      legislationType: legalChanges.legislationType,
      lastChangeAt: max(changeEvents.detectedAt),
      changes: sql<number>`count(*)::int`,
      status: sql<AssessmentStatus>`coalesce(max(${orgAssessments.status}), 'new')`,
      relevance: max(orgAssessments.relevance),
      owner: sql<string | null>`max(${ownerEmail})`,
      dueDate: sql<string | null>`max(${orgAssessments.dueDate})::text`,
    })
    .from(changeEvents)
    .innerJoin(legalChanges, eq(legalChanges.id, changeEvents.legalChangeId))
    .innerJoin(
      orgWatchlist,
      and(eq(orgWatchlist.legalChangeId, changeEvents.legalChangeId), eq(orgWatchlist.orgId, params.orgId)),
    )
    .leftJoin(
      orgAssessments,
      and(
        eq(orgAssessments.orgId, params.orgId),
        eq(orgAssessments.legalChangeId, changeEvents.legalChangeId),
      ),
    )
    .where(and(gte(changeEvents.detectedAt, params.from), lt(changeEvents.detectedAt, params.before)))
    .groupBy(legalChanges.id)
    .orderBy(desc(max(changeEvents.detectedAt)), asc(legalChanges.id))
    .limit(params.limit);
}

/** Watched items whose assessment calls for action, soonest due first. */
export async function openActions(
  db: DbOrTx,
  params: { orgId: number; statuses: readonly AssessmentStatus[]; limit: number },
) {
  return db
    .select({
      legalChangeId: legalChanges.id,
      title: legalChanges.title,
      status: orgAssessments.status,
      owner: ownerEmail,
      dueDate: sql<string | null>`${orgAssessments.dueDate}::text`,
    })
    .from(orgAssessments)
    .innerJoin(legalChanges, eq(legalChanges.id, orgAssessments.legalChangeId))
    .innerJoin(
      orgWatchlist,
      and(
        eq(orgWatchlist.orgId, orgAssessments.orgId),
        eq(orgWatchlist.legalChangeId, orgAssessments.legalChangeId),
      ),
    )
    .where(and(eq(orgAssessments.orgId, params.orgId), inArray(orgAssessments.status, [...params.statuses])))
    .orderBy(sql`${orgAssessments.dueDate} asc nulls last`, asc(legalChanges.id))
    .limit(params.limit);
}
