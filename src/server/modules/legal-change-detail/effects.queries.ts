import { and, count, desc, eq, ilike, max, min, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChangeEffects, legalChanges, upstreamSnapshots } from '#server/db/schema';
import { EFFECTS_CHECKED_KIND } from '#server/sources/legislation-gov-uk/effects';

const e = legalChangeEffects;
/** Most effects a list returns (the total counts them all). */
const MAX_EFFECTS = 100;
/** Most commencing instruments a summary lists (the total counts them all). */
const MAX_COMMENCING = 5;

/** The item's recorded effects on other legislation, the most recently modified first. */
export async function listEffects(db: DbOrTx, params: { legalChangeId: number }) {
  return db
    .select({
      id: e.id,
      type: e.type,
      affectedProvisions: e.affectedProvisions,
      affectingTitle: e.affectingTitle,
      affectingUri: e.affectingUri,
      affectingProvisions: e.affectingProvisions,
      applied: e.applied,
      inForceDate: e.inForceDate,
      modifiedAt: e.modifiedAt,
    })
    .from(e)
    .where(eq(e.legalChangeId, params.legalChangeId))
    .orderBy(desc(e.modifiedAt), desc(e.id))
    .limit(MAX_EFFECTS);
}
export type EffectRow = Awaited<ReturnType<typeof listEffects>>[number];

export async function countEffects(db: DbOrTx, params: { legalChangeId: number }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(e).where(eq(e.legalChangeId, params.legalChangeId));
  return row?.n ?? 0;
}

/**
 * The instruments recorded as bringing provisions of the item into force (effects of type
 * 'coming into force' or 'commencement'), grouped by instrument, the latest in force first.
 */
export async function listCommencingInstruments(db: DbOrTx, params: { legalChangeId: number }) {
  const lastInForce = max(e.inForceDate);
  return db
    .select({
      affectingUri: e.affectingUri,
      affectingTitle: max(e.affectingTitle),
      provisions: count(),
      firstInForce: min(e.inForceDate),
      lastInForce,
      total: sql<number>`cast(count(*) over () as integer)`,
    })
    .from(e)
    .where(
      and(
        eq(e.legalChangeId, params.legalChangeId),
        or(ilike(e.type, '%coming into force%'), ilike(e.type, '%commencement%')),
      ),
    )
    .groupBy(e.affectingUri)
    .orderBy(sql`${lastInForce} DESC NULLS LAST`, e.affectingUri)
    .limit(MAX_COMMENCING);
}
export type CommencingRow = Awaited<ReturnType<typeof listCommencingInstruments>>[number];

/** When the effects sync last read the item's effects (its 'effects-checked' marker), if ever. */
export async function effectsCheckedAt(db: DbOrTx, params: { legalChangeId: number }): Promise<Date | null> {
  const [row] = await db
    .select({ seenAt: upstreamSnapshots.seenAt })
    .from(upstreamSnapshots)
    .innerJoin(legalChanges, eq(legalChanges.upstreamId, upstreamSnapshots.upstreamId))
    .where(
      and(
        eq(legalChanges.id, params.legalChangeId),
        eq(legalChanges.source, 'legislation_gov_uk'),
        eq(upstreamSnapshots.source, 'legislation_gov_uk'),
        eq(upstreamSnapshots.kind, EFFECTS_CHECKED_KIND),
      ),
    );
  return row?.seenAt ?? null;
}
