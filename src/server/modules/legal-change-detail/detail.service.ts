import type { DbOrTx } from '#server/db/client';
import { sortTimeline } from '#shared/legal-change-display';
import type { Amendment, Document, EffectList, TimelineEvent } from '#shared/schemas/legal-change-detail';
import { legalChangeNotFound } from './detail.errors';
import {
  presentAmendment,
  presentCommencement,
  presentDocument,
  presentEffect,
  presentTimelineEvent,
} from './detail.presenter';
import { legalChangeExists, listAmendments, listDocuments, listTimelineEvents } from './detail.queries';
import { countEffects, effectsCheckedAt, listCommencingInstruments, listEffects } from './effects.queries';

/** Runs a list query for an item, answering 404 when the item does not exist. */
async function listOf<T>(
  db: DbOrTx,
  legalChangeId: number,
  list: (db: DbOrTx, p: { legalChangeId: number }) => Promise<T[]>,
) {
  const [exists, rows] = await Promise.all([
    legalChangeExists(db, { legalChangeId }),
    list(db, { legalChangeId }),
  ]);
  if (!exists) throw legalChangeNotFound();
  return rows;
}

/** The item's timeline in display order. */
export async function timelineOf(db: DbOrTx, legalChangeId: number): Promise<TimelineEvent[]> {
  return sortTimeline((await listOf(db, legalChangeId, listTimelineEvents)).map(presentTimelineEvent));
}

export async function documentsOf(db: DbOrTx, legalChangeId: number): Promise<Document[]> {
  return (await listOf(db, legalChangeId, listDocuments)).map(presentDocument);
}

export async function amendmentsOf(db: DbOrTx, legalChangeId: number): Promise<Amendment[]> {
  return (await listOf(db, legalChangeId, listAmendments)).map(presentAmendment);
}

/** The item's effects (the latest 100), how many there are and the instruments commencing it. */
export async function effectsOf(db: DbOrTx, legalChangeId: number): Promise<EffectList> {
  const [exists, rows, total, commencing, checkedAt] = await Promise.all([
    legalChangeExists(db, { legalChangeId }),
    listEffects(db, { legalChangeId }),
    countEffects(db, { legalChangeId }),
    listCommencingInstruments(db, { legalChangeId }),
    effectsCheckedAt(db, { legalChangeId }),
  ]);
  if (!exists) throw legalChangeNotFound();
  return {
    effects: rows.map((row) => presentEffect(row, legalChangeId)),
    total,
    commencement: presentCommencement(commencing),
    checkedAt: checkedAt?.toISOString() ?? null,
  };
}
