/** Organisations, their members and invitations. */
import { and, asc, count, eq, gt, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { orgActivity, orgInvites, orgMembers, organisations, users } from '#server/db/schema';
import type { ActivityAction, OrgRole } from '#shared/orgs';

export async function membershipOf(db: DbOrTx, params: { userId: number }) {
  const [row] = await db
    .select({ orgId: orgMembers.orgId, role: orgMembers.role, name: organisations.name })
    .from(orgMembers)
    .innerJoin(organisations, eq(organisations.id, orgMembers.orgId))
    .where(eq(orgMembers.userId, params.userId));
  return row ?? null;
}

export async function roleIn(db: DbOrTx, params: { orgId: number; userId: number }): Promise<OrgRole | null> {
  const [row] = await db
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, params.orgId), eq(orgMembers.userId, params.userId)));
  return row?.role ?? null;
}

export async function orgById(db: DbOrTx, params: { orgId: number }) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, params.orgId));
  return row ?? null;
}

/** Creates the organisation with its creator as owner; null when the member already belongs to one. */
export async function insertOrg(db: DbOrTx, params: { name: string; userId: number }) {
  return rolledBackAsNull(() =>
    db.transaction(async (tx) => {
      const [org] = await tx
        .insert(organisations)
        .values({ name: params.name, billingUserId: params.userId })
        .returning({ id: organisations.id, name: organisations.name });
      const joined = await tx
        .insert(orgMembers)
        .values({ orgId: org!.id, userId: params.userId, role: 'owner' })
        .onConflictDoNothing()
        .returning({ userId: orgMembers.userId });
      if (!joined.length) tx.rollback();
      return org!;
    }),
  );
}

async function rolledBackAsNull<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TransactionRollbackError) return null;
    throw error;
  }
}

export async function membersOf(db: DbOrTx, params: { orgId: number }) {
  return db
    .select({
      userId: orgMembers.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: orgMembers.role,
      language: users.language,
    })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(eq(orgMembers.orgId, params.orgId))
    .orderBy(asc(orgMembers.createdAt), asc(orgMembers.userId));
}

/** Invitations not yet accepted that still hold a seat. */
export async function pendingInviteCount(db: DbOrTx, params: { orgId: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orgInvites)
    .where(
      and(
        eq(orgInvites.orgId, params.orgId),
        isNull(orgInvites.acceptedAt),
        gt(orgInvites.expiresAt, new Date()),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the address holds an invitation not yet used nor expired. */
export async function hasPendingInvite(db: DbOrTx, params: { orgId: number; email: string }) {
  const [row] = await db
    .select({ id: orgInvites.id })
    .from(orgInvites)
    .where(
      and(
        eq(orgInvites.orgId, params.orgId),
        eq(orgInvites.email, params.email),
        isNull(orgInvites.acceptedAt),
        gt(orgInvites.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertInvite(
  db: DbOrTx,
  params: {
    orgId: number;
    email: string;
    role: OrgRole;
    tokenHash: string;
    invitedBy: number;
    expiresAt: Date;
  },
) {
  const [row] = await db.insert(orgInvites).values(params).returning();
  return row!;
}

export async function inviteByTokenHash(db: DbOrTx, params: { tokenHash: string }) {
  const [row] = await db
    .select({ invite: orgInvites, orgName: organisations.name })
    .from(orgInvites)
    .innerJoin(organisations, eq(organisations.id, orgInvites.orgId))
    .where(eq(orgInvites.tokenHash, params.tokenHash));
  return row ?? null;
}

/** Marks the invitation used and adds the member, at once; false when it was used meanwhile or they joined elsewhere. */
export async function acceptInvite(
  db: DbOrTx,
  params: { inviteId: number; orgId: number; userId: number; role: OrgRole },
): Promise<'accepted' | 'used' | 'member_elsewhere'> {
  const result = await rolledBackAsNull(() =>
    db.transaction(async (tx) => {
      const used = await tx
        .update(orgInvites)
        .set({ acceptedAt: new Date() })
        .where(and(eq(orgInvites.id, params.inviteId), isNull(orgInvites.acceptedAt)))
        .returning({ id: orgInvites.id });
      if (!used.length) return 'used' as const;
      const joined = await tx
        .insert(orgMembers)
        .values({ orgId: params.orgId, userId: params.userId, role: params.role })
        .onConflictDoNothing()
        .returning({ userId: orgMembers.userId });
      if (!joined.length) tx.rollback();
      return 'accepted' as const;
    }),
  );
  return result ?? 'member_elsewhere';
}

export async function ownerCount(db: DbOrTx, params: { orgId: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, params.orgId), eq(orgMembers.role, 'owner')));
  return row?.n ?? 0;
}

export async function setRole(db: DbOrTx, params: { orgId: number; userId: number; role: OrgRole }) {
  await db
    .update(orgMembers)
    .set({ role: params.role })
    .where(and(eq(orgMembers.orgId, params.orgId), eq(orgMembers.userId, params.userId)));
}

export async function deleteMember(db: DbOrTx, params: { orgId: number; userId: number }) {
  await db
    .delete(orgMembers)
    .where(and(eq(orgMembers.orgId, params.orgId), eq(orgMembers.userId, params.userId)));
}

export async function recordActivity(
  db: DbOrTx,
  params: {
    orgId: number;
    actorUserId: number | null;
    action: ActivityAction;
    legalChangeId?: number | null;
    details?: Record<string, unknown> | null;
  },
) {
  await db.insert(orgActivity).values({
    orgId: params.orgId,
    actorUserId: params.actorUserId,
    action: params.action,
    legalChangeId: params.legalChangeId ?? null,
    details: params.details ?? null,
  });
}

export async function feedNonceOfOrg(db: DbOrTx, params: { orgId: number }): Promise<string | null> {
  const [row] = await db
    .select({ nonce: organisations.feedNonce })
    .from(organisations)
    .where(eq(organisations.id, params.orgId));
  return row?.nonce ?? null;
}

/** Sets the calendar key unless one is there; answers the key held. */
export async function ensureFeedNonce(db: DbOrTx, params: { orgId: number; nonce: string }): Promise<string> {
  const [row] = await db
    .update(organisations)
    .set({ feedNonce: sql`coalesce(${organisations.feedNonce}, ${params.nonce})` })
    .where(eq(organisations.id, params.orgId))
    .returning({ nonce: organisations.feedNonce });
  return row!.nonce!;
}
