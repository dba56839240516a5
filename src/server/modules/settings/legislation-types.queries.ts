/**
 * Legislation types in the database: the administrator's global availability and a member's
 * own switches.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legislationTypes, userLegislationPreferences } from '#server/db/schema';

export async function globalTypeAvailability(db: DbOrTx): Promise<Map<string, boolean>> {
  const rows = await db
    .select({ code: legislationTypes.code, on: legislationTypes.globallyAvailable })
    .from(legislationTypes);
  return new Map(rows.map((r) => [r.code, r.on]));
}

/** The member's switches: code → on (a type without a row is on). */
export async function memberTypeSwitchRows(
  db: DbOrTx,
  params: { userId: number },
): Promise<Map<string, boolean>> {
  const rows = await db
    .select({ code: userLegislationPreferences.legislationTypeCode, on: userLegislationPreferences.enabled })
    .from(userLegislationPreferences)
    .where(eq(userLegislationPreferences.userId, params.userId));
  return new Map(rows.map((r) => [r.code, r.on]));
}

/** Sets some of a member's switches in one statement. */
export async function upsertMemberTypeSwitches(
  db: DbOrTx,
  rows: { userId: number; legislationTypeCode: string; enabled: boolean }[],
): Promise<void> {
  await db
    .insert(userLegislationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [userLegislationPreferences.userId, userLegislationPreferences.legislationTypeCode],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
    });
}
