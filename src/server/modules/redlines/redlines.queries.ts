import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, provisionVersions } from '#server/db/schema';

/** The item a redline is asked of: where it comes from and its upstream id ('ukpga/2018/12'). */
export async function findRedlineItem(db: DbOrTx, params: { legalChangeId: number }) {
  const [row] = await db
    .select({ id: legalChanges.id, source: legalChanges.source, upstreamId: legalChanges.upstreamId })
    .from(legalChanges)
    .where(eq(legalChanges.id, params.legalChangeId));
  return row ?? null;
}

export interface VersionKey {
  itemPath: string;
  provision: string;
  label: string;
}

/** A version of a provision as read before, or null. */
export async function findProvisionVersion(db: DbOrTx, key: VersionKey) {
  const [row] = await db
    .select({ document: provisionVersions.document, fetchedAt: provisionVersions.fetchedAt })
    .from(provisionVersions)
    .where(
      and(
        eq(provisionVersions.itemPath, key.itemPath),
        eq(provisionVersions.provision, key.provision),
        eq(provisionVersions.label, key.label),
      ),
    );
  return row ?? null;
}

/** Keeps a version as read now (replacing an older read of the same label). */
export async function saveProvisionVersion(
  db: DbOrTx,
  row: VersionKey & { document: unknown; sourceUrl: string; fetchedAt: Date },
): Promise<void> {
  await db
    .insert(provisionVersions)
    .values(row)
    .onConflictDoUpdate({
      target: [provisionVersions.itemPath, provisionVersions.provision, provisionVersions.label],
      set: { document: row.document, sourceUrl: row.sourceUrl, fetchedAt: row.fetchedAt },
    });
}
