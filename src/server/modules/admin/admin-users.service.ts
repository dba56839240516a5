/** The Users tab's changes: plan, suspension and deletion, each written to the audit log. */
import type { FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client';
import { notFound } from '#server/http/errors';
import { deleteSessionsOfUser } from '#server/modules/auth/auth.queries';
import type { AdminUserDetail } from '#shared/schemas/admin';
import type { SubscriptionTier } from '#shared/tiers';
import {
  deleteMember,
  findUserDetail,
  lockMemberStanding,
  setMemberSuspended,
  setMemberTier,
} from './admin-users.queries';
import { recordAdminAction } from './audit-log';

export const memberNotFound = () => notFound('There is no member with this id', 'user_not_found');

export async function memberDetail(db: Db, id: number): Promise<AdminUserDetail> {
  const user = await findUserDetail(db, id);
  if (!user) throw memberNotFound();
  return user;
}

/** Changes the member's plan and suspension (a suspended member is signed out everywhere at once). */
export async function updateMember(
  db: Db,
  request: FastifyRequest,
  id: number,
  change: { subscriptionTier?: SubscriptionTier; suspended?: boolean },
): Promise<AdminUserDetail> {
  const { subscriptionTier, suspended } = change;
  const found = await db.transaction(async (tx) => {
    const before = await lockMemberStanding(tx, id);
    if (!before) return false;
    if (subscriptionTier !== undefined && subscriptionTier !== before.tier) {
      await setMemberTier(tx, id, subscriptionTier);
      await recordAdminAction(tx, request, {
        action: 'user.tier_changed',
        targetType: 'user',
        targetId: id,
        details: { from: before.tier, to: subscriptionTier },
      });
    }
    if (suspended !== undefined && suspended !== (before.suspendedAt !== null)) {
      await setMemberSuspended(tx, id, suspended);
      if (suspended) await deleteSessionsOfUser(tx, id);
      await recordAdminAction(tx, request, {
        action: suspended ? 'user.suspended' : 'user.restored',
        targetType: 'user',
        targetId: id,
      });
    }
    return true;
  });
  if (!found) throw memberNotFound();
  if (suspended) request.server.caches.sessionChanges.announce();
  return (await findUserDetail(db, id))!;
}

/** Deletes the member and their personal data; the log keeps only that an account was deleted. */
export async function removeMember(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    if (!(await deleteMember(tx, id))) return false;
    await recordAdminAction(tx, request, { action: 'user.deleted', targetType: 'user', targetId: id });
    return true;
  });
  if (!deleted) throw memberNotFound();
  request.server.caches.sessionChanges.announce();
}
