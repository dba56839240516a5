import type { Tx } from '#server/db/client';
import type { MappedLegalChange } from '#server/sources/types';
import { itemDate } from '#shared/item-date';
import { contentHash } from './content-hash';
import {
  insertChangeEvents,
  insertLegalChange,
  lockStoredLegalChange,
  touchLegalChangeRow,
  updateLegalChange,
  type ChangeEventKind,
  type StoredLegalChange,
} from './legal-change-store.queries';

export type UpsertOutcome = 'new' | 'updated' | 'unchanged';

export interface LegalChangeUpsert {
  id: number;
  outcome: UpsertOutcome;
  changedFields: string[];
  events: string[];
}

type Row = StoredLegalChange;

/** Fields whose change is a user-visible change of the item (others only refresh it). */
const TRACKED: (keyof MappedLegalChange & keyof Row)[] = [
  'title',
  'longTitle',
  'description',
  'status',
  'currentHouse',
  'currentStage',
  'currentStageDate',
  'parliamentarySession',
  'consultationStartDate',
  'consultationEndDate',
  'proposedDate',
  'enactmentDate',
  'effectiveDate',
  'dateLaid',
  'madeDate',
  'officialUrl',
  'departmentName',
  'withdrawn',
  'defeated',
];

export interface UpsertOptions {
  /** the item is written from the bundled snapshot of this date (a live sync clears it) */
  snapshotTakenAt?: string | null;
}

function columnsOf(m: MappedLegalChange, hash: string, options: UpsertOptions) {
  const { source: _s, upstreamId: _u, ...fields } = m;
  return {
    ...fields,
    lastUpdatedDate: m.lastUpdatedDate ? new Date(m.lastUpdatedDate) : null,
    // only dates the source states: never the time this write happens
    ...itemDate(m),
    snapshotTakenAt: options.snapshotTakenAt ?? null,
    contentHash: hash,
    lastSeenAt: new Date(),
    updatedAt: new Date(),
  };
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return String(a && new Date(a as string).getTime()) === String(b && new Date(b as string).getTime());
  return (a ?? null) === (b ?? null);
}

/**
 * Writes one mapped item idempotently, keyed on (source, upstreamId), and records every real
 * change as a change event in the same transaction. An unchanged item (same content hash)
 * only has its last-seen time refreshed and produces no event.
 */
export async function upsertLegalChange(
  tx: Tx,
  m: MappedLegalChange,
  syncOperationId: number | null,
  options: UpsertOptions = {},
): Promise<LegalChangeUpsert> {
  const hash = contentHash(m);
  const existing = await lockStoredLegalChange(tx, { source: m.source, upstreamId: m.upstreamId });

  if (!existing) {
    const id = await insertLegalChange(tx, {
      source: m.source,
      upstreamId: m.upstreamId,
      values: columnsOf(m, hash, options),
    });
    if (id === null) return upsertLegalChange(tx, m, syncOperationId, options); // a concurrent writer won: re-read
    await insertChangeEvents(tx, [
      {
        legalChangeId: id,
        kind: 'new_item',
        after: {
          title: m.title,
          legislationType: m.legislationType,
          status: m.status,
          currentStage: m.currentStage,
        },
        syncOperationId,
      },
    ]);
    return { id, outcome: 'new', changedFields: [], events: ['new_item'] };
  }

  if (existing.contentHash === hash) {
    // a live sync that confirms the item makes it no longer the snapshot's
    const values = options.snapshotTakenAt ? {} : { snapshotTakenAt: null };
    await updateLegalChange(tx, { id: existing.id, values: { lastSeenAt: new Date(), ...values } });
    return { id: existing.id, outcome: 'unchanged', changedFields: [], events: [] };
  }

  const changedFields = TRACKED.filter((f) => !same(existing[f], m[f]));
  await updateLegalChange(tx, { id: existing.id, values: columnsOf(m, hash, options) });
  const events = changeEventsFor(existing, m, changedFields);
  await insertChangeEvents(
    tx,
    events.map((e) => ({ ...e, legalChangeId: existing.id, syncOperationId })),
  );
  return {
    id: existing.id,
    outcome: changedFields.length ? 'updated' : 'unchanged',
    changedFields,
    events: events.map((e) => e.kind),
  };
}

function changeEventsFor(before: Row, m: MappedLegalChange, changed: string[]) {
  const events: { kind: ChangeEventKind; before: unknown; after: unknown }[] = [];
  if (changed.includes('currentStage') || changed.includes('currentHouse')) {
    events.push({
      kind: 'stage_changed',
      before: { stage: before.currentStage, house: before.currentHouse, date: before.currentStageDate },
      after: { stage: m.currentStage, house: m.currentHouse, date: m.currentStageDate },
    });
  }
  if (changed.includes('status')) {
    events.push({
      kind: m.status === 'enacted' ? 'enacted' : 'status_changed',
      before: { status: before.status },
      after: { status: m.status },
    });
  }
  if (changed.includes('consultationStartDate') || changed.includes('consultationEndDate')) {
    events.push({
      kind: 'consultation_dates_changed',
      before: { start: before.consultationStartDate, end: before.consultationEndDate },
      after: { start: m.consultationStartDate, end: m.consultationEndDate },
    });
  }
  return events;
}

/** Marks an item seen without changing it (a listing that only confirms it still exists). */
export async function touchLegalChange(tx: Tx, id: number): Promise<void> {
  await touchLegalChangeRow(tx, { id });
}
