/**
 * How fresh the data is: per upstream sync, its last attempt, last run and last success, and
 * whether members see stale data (no success within the sync's expected interval and a grace,
 * although it was tried) or the bundled snapshot. Read by the dashboard's banner and the
 * administrator's sync lists.
 */
import type { Db } from '#server/db/client';
import { LIST_SYNC_KINDS, SYNC_KINDS, type SyncKind } from '#shared/sync-kinds';
import type { DataFreshness, SyncSourceStatus } from '#shared/schemas/sync';
import { activeSnapshot } from './snapshot/active-snapshot';
import { sourceRunTimes, type SourceRunTimes } from './source-status.queries';
import { expectedIntervalMinutes } from './sync-jobs';

const MINUTE = 60_000;

/** A run may start late and take a while: half an interval (at least 15 minutes) before it counts as missed. */
export function staleAfterMinutes(intervalMinutes: number): number {
  return intervalMinutes + Math.max(15, Math.round(intervalMinutes / 2));
}

function statusOf(
  kind: SyncKind,
  times: SourceRunTimes | undefined,
  syncIntervalMinutes: number,
  now: Date,
  snapshotInUse: boolean,
): SyncSourceStatus {
  const interval = expectedIntervalMinutes(kind, syncIntervalMinutes);
  const success = times?.lastSuccessAt ?? null;
  const failure = times?.lastFailureAt ?? null;
  const lastRun = success && (!failure || success >= failure) ? success : failure;
  const late = success ? now.getTime() - success.getTime() > staleAfterMinutes(interval) * MINUTE : true;
  const tried = Boolean(failure) || Boolean(success);
  const listKind = (LIST_SYNC_KINDS as readonly string[]).includes(kind);
  return {
    kind,
    expectedIntervalMinutes: interval,
    lastAttemptAt: times?.lastAttemptAt?.toISOString() ?? null,
    lastRunAt: lastRun?.toISOString() ?? null,
    lastRunStatus: lastRun ? (lastRun === success ? 'completed' : 'failed') : null,
    lastSuccessAt: success?.toISOString() ?? null,
    stale: (tried && late) || (snapshotInUse && listKind && !success),
  };
}

/** Every upstream sync with its last run and last success (the administrator's view). */
export async function syncSourceStatuses(
  db: Db,
  syncIntervalMinutes: number,
  now = new Date(),
): Promise<SyncSourceStatus[]> {
  const [times, snapshot] = await Promise.all([
    sourceRunTimes(db, { syncTypes: [...SYNC_KINDS] }),
    activeSnapshot(db),
  ]);
  return SYNC_KINDS.map((kind) =>
    statusOf(
      kind,
      times.find((t) => t.syncType === kind),
      syncIntervalMinutes,
      now,
      snapshot !== null,
    ),
  );
}

/** What the members' banner reads: the bundled snapshot in use, or list sources gone stale. */
export async function dataFreshness(
  db: Db,
  syncIntervalMinutes: number,
  now = new Date(),
): Promise<DataFreshness> {
  const [all, snapshot] = await Promise.all([
    syncSourceStatuses(db, syncIntervalMinutes, now),
    activeSnapshot(db),
  ]);
  const sources = all.filter((s) => (LIST_SYNC_KINDS as readonly string[]).includes(s.kind));
  return {
    stale: snapshot !== null || sources.some((s) => s.stale),
    snapshot: snapshot
      ? { takenAt: snapshot.takenAt, loadedAt: snapshot.loadedAt.toISOString(), items: snapshot.items }
      : null,
    sources,
  };
}
