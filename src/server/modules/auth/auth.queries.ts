/** Members and their sessions. Tokens are looked up by their SHA-256 only. */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { orgMembers, sessions, users } from '#server/db/schema';

export const userColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  subscriptionTier: users.subscriptionTier,
  subscriptionStatus: users.subscriptionStatus,
  trialEndsAt: users.trialEndsAt,
  phoneNumber: users.phoneNumber,
  phoneVerified: users.phoneVerified,
  emailVerifiedAt: users.emailVerifiedAt,
  emailNotificationsEnabled: users.emailNotificationsEnabled,
  smsNotificationsEnabled: users.smsNotificationsEnabled,
  emailNewsAlertsEnabled: users.emailNewsAlertsEnabled,
  smsAlertsEnabled: users.smsAlertsEnabled,
  language: users.language,
  timezone: users.timezone,
  suspendedAt: users.suspendedAt,
  createdAt: users.createdAt,
};
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The member and the organisation they belong to (one at most), for the session's own answer. */
export async function findCurrentUser(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...userColumns, organizationId: orgMembers.orgId, organizationRole: orgMembers.role })
    .from(users)
    .leftJoin(orgMembers, eq(orgMembers.userId, users.id))
    .where(eq(users.id, id));
  return row ?? null;
}

export type CurrentUserRow = NonNullable<Awaited<ReturnType<typeof findCurrentUser>>>;

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning(userColumns);
  return row ?? null;
}

export async function updateUserPassword(db: DbOrTx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function recordLogin(db: DbOrTx, userId: number, now: Date) {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function insertSession(
  db: DbOrTx,
  values: {
    kind: 'member' | 'admin';
    userId: number | null;
    tokenHash: string;
    keepLoggedIn: boolean;
    userAgent: string | null;
    ip: string | null;
    expiresAt: Date;
    now: Date;
  },
) {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(sessions)
    .values({ ...rest, createdAt: now, lastSeenAt: now })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return row!;
}

/** Ends one session of the given kind by its token hash; true when one was ended. */
export async function deleteSessionByTokenHash(db: DbOrTx, kind: 'member' | 'admin', tokenHash: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.kind, kind)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: number) {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.length;
}

/** A member's live sessions, most recently used first. */
export async function listSessionsOfUser(db: DbOrTx, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      keepLoggedIn: sessions.keepLoggedIn,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'member'), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(100);
}
export type SessionRow = Awaited<ReturnType<typeof listSessionsOfUser>>[number];

/** Ends one of the member's own sessions; false when the id is not theirs. */
export async function deleteSessionOfUser(db: DbOrTx, userId: number, sessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), eq(sessions.kind, 'member')))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
