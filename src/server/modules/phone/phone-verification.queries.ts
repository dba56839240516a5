/** Phone verification codes (`phone_verifications`) and the verified number on the member. */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { phoneVerifications, users } from '#server/db/schema';

export async function findEmailVerification(
  db: DbOrTx,
  userId: number,
): Promise<{ emailVerifiedAt: Date | null; language: string } | undefined> {
  const [member] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return member;
}

/** An earlier code of this member stops working when a new one is sent. */
export async function expireLiveCodes(db: DbOrTx, params: { userId: number; now: Date }): Promise<void> {
  await db
    .update(phoneVerifications)
    .set({ expiresAt: params.now })
    .where(
      and(
        eq(phoneVerifications.userId, params.userId),
        isNull(phoneVerifications.consumedAt),
        gt(phoneVerifications.expiresAt, params.now),
      ),
    );
}

export async function insertPhoneCode(
  db: DbOrTx,
  params: { userId: number; phoneNumber: string; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(phoneVerifications).values(params).returning({ id: phoneVerifications.id });
  return row!.id;
}

/** The member's newest unused code, locked for the transaction. */
export async function lockLatestCode(db: DbOrTx, userId: number) {
  const [v] = await db
    .select({
      id: phoneVerifications.id,
      phoneNumber: phoneVerifications.phoneNumber,
      codeHash: phoneVerifications.codeHash,
      failedAttempts: phoneVerifications.failedAttempts,
      expiresAt: phoneVerifications.expiresAt,
    })
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.userId, userId), isNull(phoneVerifications.consumedAt)))
    .orderBy(desc(phoneVerifications.id))
    .limit(1)
    .for('update');
  return v;
}

export async function setWrongCodes(
  db: DbOrTx,
  params: { id: number; failedAttempts: number },
): Promise<void> {
  await db
    .update(phoneVerifications)
    .set({ failedAttempts: params.failedAttempts })
    .where(eq(phoneVerifications.id, params.id));
}

/** The code is used up and its number is the member's, verified. */
export async function confirmPhoneNumber(
  db: DbOrTx,
  params: { codeId: number; userId: number; phoneNumber: string; now: Date },
): Promise<void> {
  await db
    .update(phoneVerifications)
    .set({ consumedAt: params.now })
    .where(eq(phoneVerifications.id, params.codeId));
  await db
    .update(users)
    .set({ phoneNumber: params.phoneNumber, phoneVerified: true, updatedAt: params.now })
    .where(eq(users.id, params.userId));
}
