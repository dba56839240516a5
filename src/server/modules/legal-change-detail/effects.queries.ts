import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChangeEffects } from '#server/db/schema';

const e = legalChangeEffects;
/** Most effects a list returns (the total counts them all). */
const MAX_EFFECTS = 100;

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
