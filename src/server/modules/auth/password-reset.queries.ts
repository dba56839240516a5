/** Password reset tokens: stored as SHA-256, single use, one live token per member. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { passwordResets, users } from '#server/db/schema';

export async function replaceResetToken(
  db: DbOrTx,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
  now: Date,
) {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt, createdAt: now });
}

/** The live reset token with its member, or null when unknown, used or expired. */
export async function findLiveResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: passwordResets.id,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Marks the token used; false when another request used it first. */
export async function consumeResetToken(db: DbOrTx, id: number, now: Date) {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ id: passwordResets.id });
  return rows.length > 0;
}

export async function deleteUnusedResetTokens(db: DbOrTx, userId: number) {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
