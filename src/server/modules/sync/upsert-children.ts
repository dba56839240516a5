import type { Tx } from '#server/db/client';
import type { MappedAmendment, MappedDocument, MappedTimelineEvent } from '#server/sources/types';
import { contentHash } from './content-hash';
import { insertChangeEvents } from './legal-change-store.queries';
import {
  storedAmendmentHashes,
  storedDocuments,
  storedTimelineEvents,
  upsertAmendment,
  upsertDocument,
  upsertTimelineEvent,
} from './stored-children.queries';

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
  const existing = await storedTimelineEvents(tx, { legalChangeId });
  const byId = new Map(existing.map((e) => [e.upstreamId, e]));
  for (const e of events) {
    const before = byId.get(e.upstreamId);
    if (sameAsStored(e, before)) {
      counts.unchanged++;
      continue;
    }
    await upsertTimelineEvent(tx, { legalChangeId, event: e });
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
  const hashes = await storedAmendmentHashes(tx, {
    legalChangeId,
    upstreamIds: items.map((a) => a.upstreamId),
  });
  const added: string[] = [];
  for (const a of items) {
    const hash = contentHash(a);
    const known = hashes.has(a.upstreamId);
    if (known && hashes.get(a.upstreamId) === hash) {
      counts.unchanged++;
      continue;
    }
    await upsertAmendment(tx, { legalChangeId, amendment: a, contentHash: hash });
    if (known) {
      counts.updated++;
    } else {
      counts.added++;
      added.push(a.amendmentNumber ?? a.upstreamId);
    }
  }
  if (added.length) {
    await insertChangeEvents(tx, [
      {
        legalChangeId,
        kind: 'amendments_added',
        after: { count: added.length, numbers: added.slice(0, 20) },
        syncOperationId,
      },
    ]);
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
  const existing = await storedDocuments(tx, { legalChangeId });
  const byId = new Map(existing.map((d) => [d.upstreamId, d]));
  const added: string[] = [];
  for (const d of items) {
    const before = byId.get(d.upstreamId);
    if (sameAsStored(d, before)) {
      counts.unchanged++;
      continue;
    }
    await upsertDocument(tx, { legalChangeId, document: d });
    if (before) counts.updated++;
    else {
      counts.added++;
      added.push(d.title);
    }
  }
  // a first load of an item's documents is not news; later additions are
  if (added.length && existing.length) {
    await insertChangeEvents(tx, [
      {
        legalChangeId,
        kind: 'documents_added',
        after: { count: added.length, titles: added.slice(0, 10) },
        syncOperationId,
      },
    ]);
  }
  return counts;
}
