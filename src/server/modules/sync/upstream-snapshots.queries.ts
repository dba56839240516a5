/**
 * upstream_snapshots: per source and kind, the content hash last seen of each upstream row
 * (or a marker that an item was read once), so a sync stores only what changed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { upstreamSnapshots } from '#server/db/schema';

type Key = { source: string; kind: string };

export async function snapshotHashes(db: DbOrTx, params: Key): Promise<Map<string, string>> {
  const rows = await db
    .select({ upstreamId: upstreamSnapshots.upstreamId, contentHash: upstreamSnapshots.contentHash })
    .from(upstreamSnapshots)
    .where(and(eq(upstreamSnapshots.source, params.source), eq(upstreamSnapshots.kind, params.kind)));
  return new Map(rows.map((r) => [r.upstreamId, r.contentHash]));
}

/** Writes the hash of one row; `keepExisting` leaves a row already there as it is. */
export async function saveSnapshotHash(
  db: DbOrTx,
  params: Key & { upstreamId: string; contentHash: string; keepExisting?: boolean },
): Promise<void> {
  const { source, kind, upstreamId, contentHash } = params;
  const insert = db.insert(upstreamSnapshots).values({ source, kind, upstreamId, contentHash });
  if (params.keepExisting) {
    await insert.onConflictDoNothing();
    return;
  }
  await insert.onConflictDoUpdate({
    target: [upstreamSnapshots.source, upstreamSnapshots.kind, upstreamSnapshots.upstreamId],
    set: { contentHash, seenAt: new Date() },
  });
}

export async function deleteSnapshots(db: DbOrTx, params: Key & { upstreamIds: string[] }): Promise<void> {
  await db
    .delete(upstreamSnapshots)
    .where(
      and(
        eq(upstreamSnapshots.source, params.source),
        eq(upstreamSnapshots.kind, params.kind),
        inArray(upstreamSnapshots.upstreamId, params.upstreamIds),
      ),
    );
}
