/**
 * The member's own account in the database: a new password (ending their other sessions), a
 * pending email change and its code, the change applied, and the account's erasure.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { emailChanges, sessions, users } from '#server/db/schema';

/** Sets the password hash and ends every session but `keepSessionId`; answers how many ended. */
export async function setPasswordEndingOtherSessions(
  db: DbOrTx,
  params: { userId: number; passwordHash: string; keepSessionId: string },
): Promise<number> {
  await db
    .update(users)
    .set({ passwordHash: params.passwordHash, updatedAt: new Date() })
    .where(eq(users.id, params.userId));
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, params.userId), ne(sessions.id, params.keepSessionId)))
    .returning({ id: sessions.id });
  return gone.length;
}

/** The member's one pending email change, replaced by a new request. */
export async function savePendingEmailChange(
  db: DbOrTx,
  params: { userId: number; newEmail: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(emailChanges)
    .values(params)
    .onConflictDoUpdate({
      target: emailChanges.userId,
      set: {
        newEmail: params.newEmail,
        codeHash: sql`excluded.code_hash`,
        expiresAt: sql`excluded.expires_at`,
        failedAttempts: 0,
        createdAt: sql`now()`,
      },
    });
}

export async function pendingEmailChange(db: DbOrTx, params: { userId: number }) {
  const [pending] = await db
    .select({
      newEmail: emailChanges.newEmail,
      codeHash: emailChanges.codeHash,
      expiresAt: emailChanges.expiresAt,
      failedAttempts: emailChanges.failedAttempts,
    })
    .from(emailChanges)
    .where(eq(emailChanges.userId, params.userId));
  return pending ?? null;
}

export async function countWrongEmailChangeCode(db: DbOrTx, params: { userId: number }): Promise<void> {
  await db
    .update(emailChanges)
    .set({ failedAttempts: sql`${emailChanges.failedAttempts} + 1` })
    .where(eq(emailChanges.userId, params.userId));
}

/** The new address becomes the member's (verified) and the pending change is gone. */
export async function applyEmailChange(
  db: DbOrTx,
  params: { userId: number; newEmail: string },
): Promise<void> {
  await db
    .update(users)
    .set({ email: params.newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, params.userId));
  await db.delete(emailChanges).where(eq(emailChanges.userId, params.userId));
}

export async function deleteMember(db: DbOrTx, params: { userId: number }): Promise<void> {
  await db.delete(users).where(eq(users.id, params.userId));
}
