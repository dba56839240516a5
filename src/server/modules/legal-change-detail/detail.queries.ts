import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { amendments, documents, legalChanges, timelineEvents } from '#server/db/schema';

/** Most amendments a list returns; the largest bills have a few thousand. */
export const MAX_AMENDMENTS = 5000;
const MAX_TIMELINE_EVENTS = 1000;
const MAX_DOCUMENTS = 1000;

export async function legalChangeExists(db: DbOrTx, params: { legalChangeId: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: legalChanges.id })
    .from(legalChanges)
    .where(eq(legalChanges.id, params.legalChangeId));
  return Boolean(row);
}

/** An item's timeline in stored order; the caller applies the display order (sortTimeline). */
export async function listTimelineEvents(db: DbOrTx, params: { legalChangeId: number }) {
  const t = timelineEvents;
  return db
    .select({
      id: t.id,
      title: t.title,
      description: t.description,
      eventDate: t.eventDate,
      eventType: t.eventType,
      house: t.house,
      sourceUrl: t.sourceUrl,
      sourceName: t.sourceName,
    })
    .from(t)
    .where(eq(t.legalChangeId, params.legalChangeId))
    .orderBy(desc(t.sortOrder), desc(t.id))
    .limit(MAX_TIMELINE_EVENTS);
}
export type TimelineEventRow = Awaited<ReturnType<typeof listTimelineEvents>>[number];

/** An item's documents, newest first (undated last). */
export async function listDocuments(db: DbOrTx, params: { legalChangeId: number }) {
  const d = documents;
  return db
    .select({
      id: d.id,
      title: d.title,
      documentType: d.documentType,
      fileFormat: d.fileFormat,
      fileSize: d.fileSize,
      publishedDate: d.publishedDate,
      description: d.description,
      fileUrl: d.fileUrl,
      downloadUrl: d.downloadUrl,
    })
    .from(d)
    .where(eq(d.legalChangeId, params.legalChangeId))
    .orderBy(sql`${d.publishedDate} desc nulls last`, desc(d.id))
    .limit(MAX_DOCUMENTS);
}
export type DocumentRow = Awaited<ReturnType<typeof listDocuments>>[number];

/**
 * An item's amendments: latest stage date first (undated last), then by amendment number in
 * natural order ('1', '2', '10', then 'NC1', 'NC2', …).
 */
export async function listAmendments(db: DbOrTx, params: { legalChangeId: number; limit?: number }) {
  const a = amendments;
  return db
    .select({
      id: a.id,
      amendmentNumber: a.amendmentNumber,
      status: a.status,
      amendmentType: a.amendmentType,
      house: a.house,
      leadSponsor: a.leadSponsor,
      leadSponsorParty: a.leadSponsorParty,
      clause: a.clause,
      amendmentText: a.amendmentText,
      explanatoryText: a.explanatoryText,
      stageName: a.stageName,
      stageDate: a.stageDate,
      stageDateFrom: a.stageDateFrom,
      datePublished: a.datePublished,
      officialUrl: a.officialUrl,
    })
    .from(a)
    .where(eq(a.legalChangeId, params.legalChangeId))
    .orderBy(
      sql`${a.stageDate} desc nulls last`,
      sql`upper(substring(${a.amendmentNumber} from '^[A-Za-z]*')) asc nulls last`,
      sql`substring(${a.amendmentNumber} from '[0-9]+')::numeric asc nulls last`,
      asc(a.amendmentNumber),
      asc(a.id),
    )
    .limit(Math.min(params.limit ?? MAX_AMENDMENTS, MAX_AMENDMENTS));
}
export type AmendmentRow = Awaited<ReturnType<typeof listAmendments>>[number];
