import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/http/errors';
import type { SessionUser } from '#server/plugins/session';
import type { SetUserActionBody, UserAction } from '#shared/schemas/legal-changes';
import { followLimitMessage, isUnlimited, TIER_LIMITS } from '#shared/tiers';
import { clearAction, findAction, lockMemberForFollow, upsertAction } from './user-actions.queries';

export const legalChangeNotFound = () =>
  notFound("The legal change you're looking for doesn't exist.", 'legal_change_not_found');

export const followLimitReached = (user: SessionUser) =>
  new AppError(403, 'follow_limit_reached', followLimitMessage(user.subscriptionTier), {
    tier: user.subscriptionTier,
    maxFollowed: TIER_LIMITS[user.subscriptionTier].maxFollowed,
  });

export async function getAction(
  db: Db,
  user: SessionUser,
  legalChangeId: number,
): Promise<UserAction | null> {
  const found = await findAction(db, user.id, legalChangeId);
  if (!found) throw legalChangeNotFound();
  return found.action;
}

/**
 * Stores the member's choice. A follow on a capped plan runs in a transaction that holds the
 * member's row lock, so two follows sent at once cannot both pass the cap.
 */
export async function setAction(
  db: Db,
  user: SessionUser,
  legalChangeId: number,
  { action }: SetUserActionBody,
): Promise<UserAction | null> {
  if (action === 'none') {
    if (!(await clearAction(db, user.id, legalChangeId))) throw legalChangeNotFound();
    return null;
  }
  const maxFollowed = TIER_LIMITS[user.subscriptionTier].maxFollowed;
  if (action === 'dismissed' || isUnlimited(maxFollowed)) {
    const stored = await upsertAction(db, { userId: user.id, legalChangeId, action });
    if (!stored) throw legalChangeNotFound();
    return stored;
  }
  return db.transaction(async (tx) => {
    const member = await lockMemberForFollow(tx, user.id, legalChangeId);
    if (!member.found) throw legalChangeNotFound();
    // an ended trial keeps its follows, read-only, until the member chooses a plan
    if (member.status === 'expired')
      throw new AppError(
        403,
        'trial_expired',
        'Your free trial has ended. Choose a plan to follow more items; everything you follow is kept.',
      );
    const stored = await upsertAction(tx, { userId: user.id, legalChangeId, action, maxFollowed });
    if (!stored) throw followLimitReached(user);
    return stored;
  });
}
