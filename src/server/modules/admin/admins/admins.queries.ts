/** The administrators, their recovery codes and their sessions (`admins`, `admin_recovery_codes`). */
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { adminRecoveryCodes, admins, sessions } from '#server/db/schema';

const summary = {
  id: admins.id,
  email: admins.email,
  owner: admins.builtInOwner,
  passwordSet: sql<boolean>`${admins.passwordHash} is not null`,
  totpEnabledAt: admins.totpEnabledAt,
  createdAt: admins.createdAt,
  acceptedAt: admins.acceptedAt,
};

/** The built-in owner's row (made by the migration; made again here if it was ever removed). */
export async function ownerAdminId(db: DbOrTx): Promise<number> {
  const [found] = await db.select({ id: admins.id }).from(admins).where(eq(admins.builtInOwner, true));
  if (found) return found.id;
  await db.insert(admins).values({ builtInOwner: true, acceptedAt: new Date() }).onConflictDoNothing();
  return ownerAdminId(db);
}

/** Administrators not removed (the owner first, then by when they were invited). */
export async function listAdmins(db: DbOrTx) {
  return db
    .select(summary)
    .from(admins)
    .where(isNull(admins.removedAt))
    .orderBy(sql`${admins.builtInOwner} desc`, asc(admins.id));
}

export async function adminSummaryById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(summary)
    .from(admins)
    .where(and(eq(admins.id, id), isNull(admins.removedAt)));
  return row ?? null;
}

/** The administrator (not removed) with this email, with what sign-in needs. */
export async function adminByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: admins.id,
      email: admins.email,
      passwordHash: admins.passwordHash,
      totpSecret: admins.totpSecret,
      totpEnabledAt: admins.totpEnabledAt,
      totpLastStep: admins.totpLastStep,
      acceptedAt: admins.acceptedAt,
    })
    .from(admins)
    .where(and(sql`lower(${admins.email}) = lower(${email})`, isNull(admins.removedAt)));
  return row ?? null;
}

export async function adminTotpState(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ email: admins.email, totpSecret: admins.totpSecret, totpEnabledAt: admins.totpEnabledAt })
    .from(admins)
    .where(and(eq(admins.id, id), isNull(admins.removedAt)));
  return row ?? null;
}

/** A new invite, or a fresh start for one not yet enrolled. Null when the address belongs to an enrolled administrator. */
export async function upsertInvite(
  db: DbOrTx,
  v: { email: string; tokenHash: string; expiresAt: Date; invitedBy: number },
) {
  const existing = await adminByEmail(db, v.email);
  if (existing?.totpEnabledAt) return null;
  const values = { inviteTokenHash: v.tokenHash, inviteExpiresAt: v.expiresAt, invitedBy: v.invitedBy };
  if (existing) {
    // not yet enrolled (or never accepted): the new link starts over
    await db
      .update(admins)
      .set({ ...values, passwordHash: null, totpSecret: null, acceptedAt: null })
      .where(eq(admins.id, existing.id));
    await db.delete(sessions).where(eq(sessions.adminId, existing.id));
    return existing.id;
  }
  const [row] = await db
    .insert(admins)
    .values({ email: v.email, ...values })
    .returning({ id: admins.id });
  return row!.id;
}

/** Sets the password of the invite with this token (unexpired, unused) and spends the token. */
export async function acceptInvite(db: DbOrTx, v: { tokenHash: string; passwordHash: string; now: Date }) {
  const [row] = await db
    .update(admins)
    .set({ passwordHash: v.passwordHash, acceptedAt: v.now, inviteTokenHash: null, inviteExpiresAt: null })
    .where(
      and(
        eq(admins.inviteTokenHash, v.tokenHash),
        gt(admins.inviteExpiresAt, v.now),
        isNull(admins.removedAt),
        isNull(admins.acceptedAt),
      ),
    )
    .returning({ id: admins.id, email: admins.email });
  return row ?? null;
}

export async function setPendingTotpSecret(db: DbOrTx, id: number, encrypted: string) {
  await db
    .update(admins)
    .set({ totpSecret: encrypted })
    .where(and(eq(admins.id, id), isNull(admins.totpEnabledAt)));
}

/** Turns the second factor on (once) and stores the recovery codes' hashes. */
export async function enableTotp(
  db: DbOrTx,
  v: { id: number; step: number; codeHashes: string[]; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(admins)
      .set({ totpEnabledAt: v.now, totpLastStep: v.step })
      .where(and(eq(admins.id, v.id), isNull(admins.totpEnabledAt)))
      .returning({ id: admins.id });
    if (rows.length === 0) return false;
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, v.id));
    await tx.insert(adminRecoveryCodes).values(v.codeHashes.map((codeHash) => ({ adminId: v.id, codeHash })));
    return true;
  });
}

/** Accepts a TOTP step once: false when it (or a later one) was already used. */
export async function claimTotpStep(db: DbOrTx, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, id), or(isNull(admins.totpLastStep), sql`${admins.totpLastStep} < ${step}`)))
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** Spends one unused recovery code; false when there is none with this hash. */
export async function useRecoveryCode(db: DbOrTx, id: number, codeHash: string, now: Date) {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, id),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}

/** Marks an administrator removed and ends their sessions; the number of sessions ended, or null. */
export async function removeAdmin(db: DbOrTx, id: number, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(admins)
      .set({ removedAt: now, inviteTokenHash: null, inviteExpiresAt: null })
      .where(and(eq(admins.id, id), isNull(admins.removedAt), eq(admins.builtInOwner, false)))
      .returning({ id: admins.id });
    if (rows.length === 0) return null;
    const ended = await tx.delete(sessions).where(eq(sessions.adminId, id)).returning({ id: sessions.id });
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
    return ended.length;
  });
}

export async function insertAdminSession(
  db: DbOrTx,
  v: { adminId: number; tokenHash: string; userAgent: string | null; ip: string; expiresAt: Date; now: Date },
) {
  await db.insert(sessions).values({
    kind: 'admin',
    userId: null,
    adminId: v.adminId,
    tokenHash: v.tokenHash,
    keepLoggedIn: false,
    userAgent: v.userAgent,
    ip: v.ip,
    expiresAt: v.expiresAt,
    createdAt: v.now,
    lastSeenAt: v.now,
  });
}

/** Ends one administrator session by its token's hash. */
export async function deleteAdminSession(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.kind, 'admin')));
}
