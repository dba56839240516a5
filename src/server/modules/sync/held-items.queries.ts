/**
 * What the syncs read of the legal changes already held: whether anything is stored, which
 * upstream ids are known, when one was last updated, which bills members follow, and the
 * fields a timeline is rebuilt from.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { amendments, legalChanges, timelineEvents, userActions } from '#server/db/schema';

export async function legalChangeCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(legalChanges);
  return row?.n ?? 0;
}

/** The upstream ids of legislation.gov.uk items among `upstreamIds` that are stored. */
export async function heldLegislationIds(db: Db, params: { upstreamIds: string[] }): Promise<Set<string>> {
  if (!params.upstreamIds.length) return new Set();
  const rows = await db
    .select({ upstreamId: legalChanges.upstreamId })
    .from(legalChanges)
    .where(
      and(
        eq(legalChanges.source, 'legislation_gov_uk'),
        inArray(legalChanges.upstreamId, params.upstreamIds),
      ),
    );
  return new Set(rows.map((r) => r.upstreamId));
}

/** The stored last update of a legislation.gov.uk item; undefined when it is not held. */
export async function storedLegislationLastUpdate(
  db: Db,
  params: { upstreamId: string },
): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ lastUpdatedDate: legalChanges.lastUpdatedDate })
    .from(legalChanges)
    .where(
      and(eq(legalChanges.source, 'legislation_gov_uk'), eq(legalChanges.upstreamId, params.upstreamId)),
    );
  return row ? row.lastUpdatedDate : undefined;
}

/** The upstream ids of the UK Parliament bills members follow. */
export async function followedBillUpstreamIds(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ upstreamId: legalChanges.upstreamId })
    .from(userActions)
    .innerJoin(legalChanges, eq(legalChanges.id, userActions.legalChangeId))
    .where(and(eq(userActions.action, 'followed'), eq(legalChanges.source, 'parliament_bills')));
  return new Set(rows.map((r) => r.upstreamId));
}

export async function legalChangeSourceKey(db: Db, params: { legalChangeId: number }) {
  const [row] = await db
    .select({ source: legalChanges.source, upstreamId: legalChanges.upstreamId, title: legalChanges.title })
    .from(legalChanges)
    .where(eq(legalChanges.id, params.legalChangeId));
  return row ?? null;
}

export async function amendmentCountOf(db: Db, legalChangeId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(amendments)
    .where(eq(amendments.legalChangeId, legalChangeId));
  return row?.n ?? 0;
}

/** The fields an item's timeline is built from. */
export async function timelineSubject(db: Db, params: { legalChangeId: number }) {
  const [row] = await db
    .select({
      id: legalChanges.id,
      source: legalChanges.source,
      upstreamId: legalChanges.upstreamId,
      title: legalChanges.title,
      category: legalChanges.category,
      officialUrl: legalChanges.officialUrl,
      lastUpdatedDate: legalChanges.lastUpdatedDate,
      currentStage: legalChanges.currentStage,
      currentStageDate: legalChanges.currentStageDate,
      proposedDate: legalChanges.proposedDate,
      consultationStartDate: legalChanges.consultationStartDate,
      consultationEndDate: legalChanges.consultationEndDate,
      dateLaid: legalChanges.dateLaid,
      madeDate: legalChanges.madeDate,
      enactmentDate: legalChanges.enactmentDate,
      effectiveDate: legalChanges.effectiveDate,
    })
    .from(legalChanges)
    .where(eq(legalChanges.id, params.legalChangeId));
  return row ?? null;
}
export type TimelineSubject = NonNullable<Awaited<ReturnType<typeof timelineSubject>>>;

export async function timelineEventCount(db: Db, params: { legalChangeId: number }): Promise<number> {
  const [held] = await db
    .select({ n: count() })
    .from(timelineEvents)
    .where(eq(timelineEvents.legalChangeId, params.legalChangeId));
  return held?.n ?? 0;
}
