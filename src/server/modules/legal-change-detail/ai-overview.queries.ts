import { count, desc, eq, isNotNull, and, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { aiOverviews, amendments, documents, legalChanges, timelineEvents } from '#server/db/schema';
import type { OfficialAmendmentSummary, OfficialRecord } from '#server/providers/analysis/types';
import { sortTimeline } from '#shared/legal-change-display';

const lc = legalChanges;
const MAX_RECORD_DOCUMENTS = 20;
const MAX_RECORD_EVENTS = 60;

async function loadItem(db: DbOrTx, legalChangeId: number) {
  const [row] = await db
    .select({
      id: lc.id,
      source: lc.source,
      upstreamId: lc.upstreamId,
      title: lc.title,
      longTitle: lc.longTitle,
      description: lc.description,
      category: lc.category,
      legislationType: lc.legislationType,
      status: lc.status,
      parliamentarySession: lc.parliamentarySession,
      currentHouse: lc.currentHouse,
      currentStage: lc.currentStage,
      currentStageDate: lc.currentStageDate,
      scottishBillReference: lc.scottishBillReference,
      shortName: lc.shortName,
      thirdPartyOrganisation: lc.thirdPartyOrganisation,
      siNumber: lc.siNumber,
      departmentName: lc.departmentName,
      procedureName: lc.procedureName,
      enabledBy: lc.enabledBy,
      governmentBodyName: lc.governmentBodyName,
      governmentBodyType: lc.governmentBodyType,
      officialUrl: lc.officialUrl,
      subject: lc.subject,
      isDraft: lc.isDraft,
      withdrawn: lc.withdrawn,
      defeated: lc.defeated,
      consultationStartDate: lc.consultationStartDate,
      consultationEndDate: lc.consultationEndDate,
      proposedDate: lc.proposedDate,
      enactmentDate: lc.enactmentDate,
      effectiveDate: lc.effectiveDate,
      dateLaid: lc.dateLaid,
      madeDate: lc.madeDate,
    })
    .from(lc)
    .where(eq(lc.id, legalChangeId));
  return row ?? null;
}

async function summariseAmendments(db: DbOrTx, legalChangeId: number): Promise<OfficialAmendmentSummary> {
  const a = amendments;
  const [statuses, stages, sponsors] = await Promise.all([
    db
      .select({ status: sql<string>`coalesce(${a.status}, '')`, n: count() })
      .from(a)
      .where(eq(a.legalChangeId, legalChangeId))
      .groupBy(sql`1`),
    db
      .select({
        stageName: a.stageName,
        n: count(),
        latestDate: sql<string | null>`max(${a.stageDate})::text`,
      })
      .from(a)
      .where(eq(a.legalChangeId, legalChangeId))
      .groupBy(a.stageName)
      .orderBy(sql`max(${a.stageDate}) desc nulls last`, sql`${a.stageName} asc nulls last`),
    db
      .select({ name: sql<string>`${a.leadSponsor}`, party: a.leadSponsorParty, n: count() })
      .from(a)
      .where(and(eq(a.legalChangeId, legalChangeId), isNotNull(a.leadSponsor)))
      .groupBy(a.leadSponsor, a.leadSponsorParty)
      .orderBy(desc(count()), a.leadSponsor)
      .limit(5),
  ]);
  const byStatus: Record<string, number> = {};
  for (const row of [...statuses].sort((x, y) => x.status.localeCompare(y.status)))
    byStatus[row.status] = row.n;
  return {
    total: statuses.reduce((sum, row) => sum + row.n, 0),
    byStatus,
    byStage: stages.map((s) => ({ stageName: s.stageName, count: s.n, latestDate: s.latestDate })),
    leadSponsors: sponsors.map((s) => ({ name: s.name, party: s.party, count: s.n })),
  };
}

/** Everything we hold about an item, in a fixed order; null when the item does not exist. */
export async function loadOfficialRecord(
  db: DbOrTx,
  params: { legalChangeId: number },
): Promise<OfficialRecord | null> {
  const { legalChangeId } = params;
  const t = timelineEvents;
  const d = documents;
  const [item, timeline, amendmentSummary, docs] = await Promise.all([
    loadItem(db, legalChangeId),
    db
      .select({
        title: t.title,
        description: t.description,
        eventDate: t.eventDate,
        eventType: t.eventType,
        house: t.house,
        sourceUrl: t.sourceUrl,
      })
      .from(t)
      .where(eq(t.legalChangeId, legalChangeId))
      .orderBy(desc(t.sortOrder), desc(t.id)),
    summariseAmendments(db, legalChangeId),
    db
      .select({
        title: d.title,
        documentType: d.documentType,
        publishedDate: d.publishedDate,
        fileUrl: d.fileUrl,
      })
      .from(d)
      .where(eq(d.legalChangeId, legalChangeId))
      .orderBy(sql`${d.publishedDate} desc nulls last`, desc(d.id))
      .limit(MAX_RECORD_DOCUMENTS),
  ]);
  if (!item) return null;
  return {
    item,
    timeline: sortTimeline(timeline).slice(0, MAX_RECORD_EVENTS),
    amendments: amendmentSummary,
    documents: docs,
  };
}

export async function getStoredOverview(db: DbOrTx, params: { legalChangeId: number; language: string }) {
  const o = aiOverviews;
  const [row] = await db
    .select({
      language: o.language,
      provider: o.provider,
      model: o.model,
      content: o.content,
      sources: o.sources,
      inputHash: o.inputHash,
      generatedAt: o.generatedAt,
    })
    .from(o)
    .where(and(eq(o.legalChangeId, params.legalChangeId), eq(o.language, params.language)));
  return row ?? null;
}
export type StoredOverview = NonNullable<Awaited<ReturnType<typeof getStoredOverview>>>;

export async function saveOverview(
  db: DbOrTx,
  params: {
    legalChangeId: number;
    language: string;
    provider: string;
    model: string | null;
    content: object;
    sources: string[];
    inputHash: string;
  },
): Promise<StoredOverview> {
  const o = aiOverviews;
  const values = { ...params, generatedAt: new Date() };
  const [row] = await db
    .insert(o)
    .values(values)
    .onConflictDoUpdate({
      target: [o.legalChangeId, o.language],
      set: {
        provider: values.provider,
        model: values.model,
        content: values.content,
        sources: values.sources,
        inputHash: values.inputHash,
        generatedAt: values.generatedAt,
      },
    })
    .returning({
      language: o.language,
      provider: o.provider,
      model: o.model,
      content: o.content,
      sources: o.sources,
      inputHash: o.inputHash,
      generatedAt: o.generatedAt,
    });
  return row!;
}
