import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { amendments, changeEvents, documents, timelineEvents } from '#server/db/schema';
import type { MappedAmendment, MappedDocument, MappedTimelineEvent } from '#server/sources/types';
import { contentHash } from './content-hash';

export interface ChildCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * True when every field the upstream mapped equals what is stored (a missing field counts as
 * null): any change, of order, type, date, size or text, is stored.
 */
export function sameAsStored<T extends object>(
  mapped: T,
  stored: Record<string, unknown> | undefined,
): boolean {
  if (!stored) return false;
  return Object.entries(mapped).every(([key, value]) => (value ?? null) === (stored[key] ?? null));
}

/** Timeline events keyed by (item, upstreamId); stage history changes are reported by the item. */
export async function upsertTimelineEvents(
  tx: Tx,
  legalChangeId: number,
  events: MappedTimelineEvent[],
): Promise<ChildCounts> {
  const counts: ChildCounts = { added: 0, updated: 0, unchanged: 0 };
  if (!events.length) return counts;
  const existing = await tx
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
    .where(eq(timelineEvents.legalChangeId, legalChangeId));
  const byId = new Map(existing.map((e) => [e.upstreamId, e]));
  for (const e of events) {
    const before = byId.get(e.upstreamId);
    if (sameAsStored(e, before)) {
      counts.unchanged++;
      continue;
    }
    await tx
      .insert(timelineEvents)
      .values({ legalChangeId, ...e })
      .onConflictDoUpdate({
        target: [timelineEvents.legalChangeId, timelineEvents.upstreamId],
        set: { ...e, updatedAt: new Date() },
      });
    if (before) counts.updated++;
    else counts.added++;
  }
  return counts;
}

/** Amendments keyed by amendmentId; new ones become one 'amendments_added' change event. */
export async function upsertAmendments(
  tx: Tx,
  legalChangeId: number,
  items: MappedAmendment[],
  syncOperationId: number | null,
): Promise<ChildCounts> {
  const counts: ChildCounts = { added: 0, updated: 0, unchanged: 0 };
  if (!items.length) return counts;
  const existing = await tx
    .select({ upstreamId: amendments.upstreamId, contentHash: amendments.contentHash })
    .from(amendments)
    .where(
      and(
        eq(amendments.legalChangeId, legalChangeId),
        inArray(
          amendments.upstreamId,
          items.map((a) => a.upstreamId),
        ),
      ),
    );
  const hashes = new Map(existing.map((a) => [a.upstreamId, a.contentHash]));
  const added: string[] = [];
  for (const a of items) {
    const hash = contentHash(a);
    const known = hashes.has(a.upstreamId);
    if (known && hashes.get(a.upstreamId) === hash) {
      counts.unchanged++;
      continue;
    }
    await tx
      .insert(amendments)
      .values({ legalChangeId, ...a, contentHash: hash })
      .onConflictDoUpdate({
        target: [amendments.legalChangeId, amendments.upstreamId],
        set: { ...a, contentHash: hash, updatedAt: new Date() },
      });
    if (known) {
      counts.updated++;
    } else {
      counts.added++;
      added.push(a.amendmentNumber ?? a.upstreamId);
    }
  }
  if (added.length) {
    await tx.insert(changeEvents).values({
      legalChangeId,
      kind: 'amendments_added',
      after: { count: added.length, numbers: added.slice(0, 20) },
      syncOperationId,
    });
  }
  return counts;
}

/** Documents keyed by upstream id; new ones become one 'documents_added' change event. */
export async function upsertDocuments(
  tx: Tx,
  legalChangeId: number,
  items: MappedDocument[],
  syncOperationId: number | null,
): Promise<ChildCounts> {
  const counts: ChildCounts = { added: 0, updated: 0, unchanged: 0 };
  if (!items.length) return counts;
  const existing = await tx
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
    .where(eq(documents.legalChangeId, legalChangeId));
  const byId = new Map(existing.map((d) => [d.upstreamId, d]));
  const added: string[] = [];
  for (const d of items) {
    const before = byId.get(d.upstreamId);
    if (sameAsStored(d, before)) {
      counts.unchanged++;
      continue;
    }
    await tx
      .insert(documents)
      .values({ legalChangeId, ...d })
      .onConflictDoUpdate({
        target: [documents.legalChangeId, documents.upstreamId],
        set: { ...d, updatedAt: new Date() },
      });
    if (before) counts.updated++;
    else {
      counts.added++;
      added.push(d.title);
    }
  }
  // a first load of an item's documents is not news; later additions are
  if (added.length && existing.length) {
    await tx.insert(changeEvents).values({
      legalChangeId,
      kind: 'documents_added',
      after: { count: added.length, titles: added.slice(0, 10) },
      syncOperationId,
    });
  }
  return counts;
}
