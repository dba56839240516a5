import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { users } from '#server/db/schema';

/** The member's stored language (null when the member is gone): what they read is written in it. */
export async function memberLanguage(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? null;
}
