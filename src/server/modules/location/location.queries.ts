import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { users } from '#server/db/schema';

/** Stores the member's country (ISO 3166-1 alpha-2) as found by a location lookup. */
export async function saveMemberCountry(db: DbOrTx, params: { userId: number; countryCode: string }) {
  await db.update(users).set({ country: params.countryCode }).where(eq(users.id, params.userId));
}
