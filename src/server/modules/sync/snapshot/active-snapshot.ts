/**
 * The bundled snapshot while it is what members see: loaded (a completed 'snapshot' run) and
 * not yet followed by a completed sync of UK Parliament or legislation.gov.uk (the same rule
 * as the health check's note).
 */
import type { Db } from '#server/db/client';
import { latestOperationOf, latestOperationStatuses } from '../sync-runs.queries';
import { SNAPSHOT_TAKEN_AT } from './load-snapshot';

export interface ActiveSnapshot {
  /** the day the snapshot was taken (its newest recorded upstream answer) */
  takenAt: string;
  /** when the service loaded it (a time it recorded, not a date of the law) */
  loadedAt: Date;
  items: number;
}

export async function activeSnapshot(db: Db): Promise<ActiveSnapshot | null> {
  const snapshot = await latestOperationOf(db, { syncType: 'snapshot' });
  if (!snapshot?.completedAt) return null;
  const later = await latestOperationStatuses(db, {
    syncTypes: ['uk-parliament', 'secondary-legislation'],
    limit: 20,
  });
  if (later.some((r) => r.id > snapshot.id && r.status === 'completed')) return null;
  const items = (snapshot.details as { summary?: { items?: number } }).summary?.items ?? 0;
  return { takenAt: SNAPSHOT_TAKEN_AT, loadedAt: snapshot.completedAt, items };
}
