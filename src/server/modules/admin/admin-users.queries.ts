/** The administrator's Users tab: members paged by id (keyset), searchable by email or name. */
import { and, count, desc, eq, gt, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legalChanges, searchTerms, sessions, userActions, users } from '#server/db/schema';
import type { AdminUser, AdminUserDetail, AdminUserQuery } from '#shared/schemas/admin';
import type { SubscriptionTier } from '#shared/tiers';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const followingCount = sql<number>`(select count(*)::int from ${userActions} ua where ua.user_id = ${users.id} and ua.action = 'followed')`;

const listColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
  phoneVerified: users.phoneVerified,
  emailNotificationsEnabled: users.emailNotificationsEnabled,
  smsAlertsEnabled: users.smsAlertsEnabled,
  subscriptionTier: users.subscriptionTier,
  subscriptionStatus: users.subscriptionStatus,
  suspendedAt: users.suspendedAt,
  followingCount,
};

type ListRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  phoneVerified: boolean;
  emailNotificationsEnabled: boolean;
  smsAlertsEnabled: boolean;
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: string;
  suspendedAt: Date | null;
  followingCount: number;
};

function presentUser(r: ListRow): AdminUser {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    createdAt: r.createdAt.toISOString(),
    emailVerified: r.emailVerifiedAt !== null,
    phoneVerified: r.phoneVerified,
    followingCount: Number(r.followingCount),
    emailNotificationsEnabled: r.emailNotificationsEnabled,
    smsAlertsEnabled: r.smsAlertsEnabled,
    subscriptionTier: r.subscriptionTier,
    subscriptionStatus: r.subscriptionStatus,
    suspended: r.suspendedAt !== null,
  };
}

/** Newest members first; the follow count is read for the page's rows only. */
export async function listUsers(db: DbOrTx, params: AdminUserQuery) {
  const where: SQL[] = [];
  if (params.q) {
    const like = `%${escapeLike(params.q)}%`;
    where.push(
      or(ilike(users.email, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))!,
    );
  }
  if (params.cursor) where.push(lt(users.id, params.cursor));
  const limit = Math.min(params.limit, 100);
  const rows = await db
    .select(listColumns)
    .from(users)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(users.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    users: page.map(presentUser),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}

export async function findUserDetail(db: DbOrTx, id: number): Promise<AdminUserDetail | null> {
  const [row] = await db
    .select({
      ...listColumns,
      companyName: users.companyName,
      trialEndsAt: users.trialEndsAt,
      lastLoginAt: users.lastLoginAt,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return null;
  const [[activeSessions], terms, follows] = await Promise.all([
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, sql`now()`))),
    db
      .select({ term: searchTerms.searchTerm, isActive: searchTerms.isActive })
      .from(searchTerms)
      .where(eq(searchTerms.userId, id))
      .orderBy(searchTerms.searchTerm)
      .limit(100),
    db
      .select({ id: legalChanges.id, title: legalChanges.title })
      .from(userActions)
      .innerJoin(legalChanges, eq(legalChanges.id, userActions.legalChangeId))
      .where(and(eq(userActions.userId, id), eq(userActions.action, 'followed')))
      .orderBy(desc(userActions.id))
      .limit(100),
  ]);
  return {
    ...presentUser(row),
    companyName: row.companyName,
    trialEndsAt: row.trialEndsAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    phoneNumber: row.phoneNumber,
    activeSessions: activeSessions?.n ?? 0,
    searchTerms: terms,
    follows,
  };
}

/** The member's plan and suspension, locked for the transaction; undefined when there is no such member. */
export async function lockMemberStanding(
  tx: DbOrTx,
  id: number,
): Promise<{ tier: SubscriptionTier; suspendedAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ tier: users.subscriptionTier, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

export async function setMemberTier(tx: DbOrTx, id: number, tier: SubscriptionTier): Promise<void> {
  await tx.update(users).set({ subscriptionTier: tier, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function setMemberSuspended(tx: DbOrTx, id: number, suspended: boolean): Promise<void> {
  await tx
    .update(users)
    .set({ suspendedAt: suspended ? new Date() : null, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Deletes the member (their rows go with them); false when there was none. */
export async function deleteMember(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
