/**
 * An item's children as a sync stores them: its timeline events, amendments and documents,
 * read for comparison and written keyed on (item, upstream id).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { amendments, documents, timelineEvents } from '#server/db/schema';
import type { MappedAmendment, MappedDocument, MappedTimelineEvent } from '#server/sources/types';

export async function storedTimelineEvents(tx: Tx, params: { legalChangeId: number }) {
  return tx
    .select({
      upstreamId: timelineEvents.upstreamId,
      title: timelineEvents.title,
      description: timelineEvents.description,
      eventDate: timelineEvents.eventDate,
      eventType: timelineEvents.eventType,
      house: timelineEvents.house,
      sourceUrl: timelineEvents.sourceUrl,
      sourceName: timelineEvents.sourceName,
      sortOrder: timelineEvents.sortOrder,
    })
    .from(timelineEvents)
    .where(eq(timelineEvents.legalChangeId, params.legalChangeId));
}

export async function upsertTimelineEvent(
  tx: Tx,
  params: { legalChangeId: number; event: MappedTimelineEvent },
): Promise<void> {
  const e = params.event;
  await tx
    .insert(timelineEvents)
    .values({ legalChangeId: params.legalChangeId, ...e })
    .onConflictDoUpdate({
      target: [timelineEvents.legalChangeId, timelineEvents.upstreamId],
      set: { ...e, updatedAt: new Date() },
    });
}

export async function storedAmendmentHashes(
  tx: Tx,
  params: { legalChangeId: number; upstreamIds: string[] },
): Promise<Map<string, string | null>> {
  const rows = await tx
    .select({ upstreamId: amendments.upstreamId, contentHash: amendments.contentHash })
    .from(amendments)
    .where(
      and(
        eq(amendments.legalChangeId, params.legalChangeId),
        inArray(amendments.upstreamId, params.upstreamIds),
      ),
    );
  return new Map(rows.map((a) => [a.upstreamId, a.contentHash]));
}

export async function upsertAmendment(
  tx: Tx,
  params: { legalChangeId: number; amendment: MappedAmendment; contentHash: string },
): Promise<void> {
  const { amendment: a, contentHash } = params;
  await tx
    .insert(amendments)
    .values({ legalChangeId: params.legalChangeId, ...a, contentHash })
    .onConflictDoUpdate({
      target: [amendments.legalChangeId, amendments.upstreamId],
      set: { ...a, contentHash, updatedAt: new Date() },
    });
}

export async function storedDocuments(tx: Tx, params: { legalChangeId: number }) {
  return tx
    .select({
      upstreamId: documents.upstreamId,
      title: documents.title,
      documentType: documents.documentType,
      fileFormat: documents.fileFormat,
      fileSize: documents.fileSize,
      publishedDate: documents.publishedDate,
      description: documents.description,
      fileUrl: documents.fileUrl,
      downloadUrl: documents.downloadUrl,
    })
    .from(documents)
    .where(eq(documents.legalChangeId, params.legalChangeId));
}

export async function upsertDocument(
  tx: Tx,
  params: { legalChangeId: number; document: MappedDocument },
): Promise<void> {
  const d = params.document;
  await tx
    .insert(documents)
    .values({ legalChangeId: params.legalChangeId, ...d })
    .onConflictDoUpdate({
      target: [documents.legalChangeId, documents.upstreamId],
      set: { ...d, updatedAt: new Date() },
    });
}
