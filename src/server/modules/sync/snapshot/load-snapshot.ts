/**
 * The bundled snapshot, loaded through the same upsert path as a live sync, as a run of type
 * 'snapshot': the recorded upstream responses mapped by the real mappers, then the 317 real
 * Acts of 2021–2025. Keys are the sources' own (source + upstream id), so the first successful
 * sync updates these rows in place. Nothing here is news: no alert is raised for it.
 */
import { join } from 'node:path';
import type { Db } from '#server/db/client';
import { recordedRun, type RunOutcome } from '../run-sync';
import { storeItem, type ItemBundle } from '../store-item';
import type { SyncContext } from '../sync-context';
import { latestOperationOf, latestOperationStatuses } from '../sync-runs.queries';
import { loadActsDataset, snapshotDataDir } from './acts-dataset';
import { recordedBills, recordedLegislation } from './recorded';

export const SNAPSHOT_SYNC_TYPE = 'snapshot';

/**
 * The date the bundled snapshot is of: its newest recorded response (the legislation.gov.uk
 * Publication Log of 24 September 2026, data/README.md). Its items say so until a live sync
 * refreshes them.
 */
export const SNAPSHOT_TAKEN_AT = '2026-09-24';

/** Every bundled item once (a key met twice keeps its first, richer, mapping). */
export function snapshotBundles(dir = snapshotDataDir()): ItemBundle[] {
  const recorded = join(dir, 'recorded');
  const all = [
    ...recordedBills(join(recorded, 'parliament-bills')),
    ...recordedLegislation(join(recorded, 'legislation-gov-uk')),
    ...loadActsDataset(dir).map(({ item, documents }) => ({ item, documents })),
  ];
  const seen = new Set<string>();
  return all.filter(({ item }) => {
    const key = `${item.source}:${item.upstreamId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function loadSnapshot(ctx: SyncContext, reason: string): Promise<RunOutcome> {
  return recordedRun(ctx, { syncType: SNAPSHOT_SYNC_TYPE, triggeredBy: 'first-start' }, async (_ctx, run) => {
    run.extra.reason = reason;
    const bundles = snapshotBundles();
    for (const [index, bundle] of bundles.entries()) {
      await storeItem(ctx.db, run, bundle, { quiet: true, snapshotTakenAt: SNAPSHOT_TAKEN_AT });
      if ((index + 1) % 20 === 0) await run.checkpoint();
    }
    return { items: bundles.length, reason };
  });
}

/**
 * What the health check says about the data: set while the newest completed snapshot load
 * has not been followed by a successful sync of an upstream source.
 */
export async function snapshotNotes(db: Db): Promise<string[]> {
  const snapshot = await latestOperationOf(db, { syncType: SNAPSHOT_SYNC_TYPE });
  if (!snapshot) return [];
  const later = await latestOperationStatuses(db, {
    syncTypes: ['uk-parliament', 'secondary-legislation'],
    limit: 20,
  });
  if (later.some((r) => r.id > snapshot.id && r.status === 'completed')) return [];
  const items = ((snapshot.details as { summary?: { items?: number } }).summary?.items ?? 0).toLocaleString(
    'en-GB',
  );
  const when = snapshot.completedAt?.toISOString().slice(0, 10) ?? 'an earlier start';
  return [
    `The upstream sources (UK Parliament, legislation.gov.uk) could not be reached when the service first started, so the bundled snapshot was loaded on ${when}: ${items} real items (UK Acts 2021–2025 and recorded upstream responses). The first successful sync refreshes them in place.`,
  ];
}
