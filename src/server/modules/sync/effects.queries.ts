/**
 * The effects sync's rows: the followed legislation.gov.uk items (and whether their effects
 * were read once), the effects held on an item, and their upsert.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { legalChangeEffects, legalChanges, upstreamSnapshots, userActions } from '#server/db/schema';

export type EffectValues = typeof legalChangeEffects.$inferInsert;

/** Followed, published legislation.gov.uk items; `known` when a snapshot row of `checkedKind` marks them read. */
export async function followedLegislationItems(db: Db, params: { checkedKind: string; limit: number }) {
  return db
    .selectDistinct({
      id: legalChanges.id,
      upstreamId: legalChanges.upstreamId,
      known: sql<boolean>`exists (select 1 from ${upstreamSnapshots} s where s.source = 'legislation_gov_uk' and s.kind = ${params.checkedKind} and s.upstream_id = ${legalChanges.upstreamId})`,
    })
    .from(legalChanges)
    .innerJoin(
      userActions,
      and(eq(userActions.legalChangeId, legalChanges.id), eq(userActions.action, 'followed')),
    )
    .where(and(eq(legalChanges.source, 'legislation_gov_uk'), eq(legalChanges.isDraft, false)))
    .orderBy(legalChanges.id)
    .limit(params.limit);
}

export async function heldEffectIds(
  tx: Tx,
  params: { legalChangeId: number; effectIds: string[] },
): Promise<Set<string>> {
  const held = await tx
    .select({ effectId: legalChangeEffects.effectId })
    .from(legalChangeEffects)
    .where(
      and(
        eq(legalChangeEffects.legalChangeId, params.legalChangeId),
        inArray(legalChangeEffects.effectId, params.effectIds),
      ),
    );
  return new Set(held.map((h) => h.effectId));
}

export async function upsertEffects(tx: Tx, rows: EffectValues[]): Promise<void> {
  await tx
    .insert(legalChangeEffects)
    .values(rows)
    .onConflictDoUpdate({
      target: [legalChangeEffects.legalChangeId, legalChangeEffects.effectId],
      set: {
        type: sql`excluded.type`,
        affectedProvisions: sql`excluded.affected_provisions`,
        affectingTitle: sql`excluded.affecting_title`,
        affectingProvisions: sql`excluded.affecting_provisions`,
        applied: sql`excluded.applied`,
        requiresApplied: sql`excluded.requires_applied`,
        inForceDate: sql`excluded.in_force_date`,
        modifiedAt: sql`excluded.modified_at`,
        updatedAt: sql`now()`,
      },
    });
}
