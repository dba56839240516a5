import type { Db } from '#server/db/client';
import { SYNC_EFFECTS_JOB, type JobQueue } from '#server/jobs/queue';
import { AppError, notFound } from '#server/http/errors';
import type { SessionUser } from '#server/plugins/session';
import type { SetUserActionBody, UserAction } from '#shared/schemas/legal-changes';
import { UK_JURISDICTION_ID } from '#shared/reference-data';
import { followLimitMessage, isUnlimited, PLANS, TIER_LIMITS } from '#shared/tiers';
import { presentFollowed } from './user-actions.presenter';
import {
  clearAction,
  countFollowed,
  listFollowed,
  findAction,
  itemJurisdictionFor,
  lockMemberForFollow,
  upsertAction,
} from './user-actions.queries';

export const legalChangeNotFound = () =>
  notFound("The legal change you're looking for doesn't exist.", 'legal_change_not_found');

export const followLimitReached = (user: SessionUser) =>
  new AppError(403, 'follow_limit_reached', followLimitMessage(user.subscriptionTier), {
    tier: user.subscriptionTier,
    maxFollowed: TIER_LIMITS[user.subscriptionTier].maxFollowed,
  }).localized('errors.follow_limit_reached', {
    max: TIER_LIMITS[user.subscriptionTier].maxFollowed,
    plan: PLANS[user.subscriptionTier].name,
  });

/**
 * Items beyond the UK follow the plan (spec: trial UK only; basic one jurisdiction, the one the
 * member monitors; premium all): one statement, only for follows on the smaller plans.
 */
async function assertJurisdictionInPlan(db: Db, user: SessionUser, legalChangeId: number): Promise<void> {
  const row = await itemJurisdictionFor(db, { userId: user.id, legalChangeId });
  if (!row) throw legalChangeNotFound();
  if (row.jurisdictionId === UK_JURISDICTION_ID) return;
  if (user.subscriptionTier === 'basic' && row.monitored) return;
  throw jurisdictionNotInPlan(user, row.jurisdictionId, row.name);
}

const jurisdictionNotInPlan = (user: SessionUser, jurisdictionId: number, name: string) =>
  new AppError(
    403,
    'jurisdiction_not_in_plan',
    user.subscriptionTier === 'trial'
      ? `The free trial follows UK legislation. Choose Premium to follow ${name} items.`
      : `Your plan follows one jurisdiction. Choose Premium to follow ${name} items as well.`,
    { jurisdictionId },
  ).localized(user.subscriptionTier === 'trial' ? 'errors.jurisdictionTrial' : 'errors.jurisdictionPlan', {
    name,
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
 * member's row lock, so two follows sent at once cannot both pass the cap. A follow asks the
 * workers for a quiet first read of the item's effects (when it is an Act or instrument not
 * read yet; the job checks), so its changes to law in force show within a minute.
 */
export async function setAction(
  db: Db,
  user: SessionUser,
  legalChangeId: number,
  body: SetUserActionBody,
  jobs: JobQueue | null = null,
): Promise<UserAction | null> {
  const stored = await storeAction(db, user, legalChangeId, body);
  if (stored === 'followed' && jobs && jobs.state() === 'running')
    // the scheduled run reads it anyway when the queue refuses the job now
    await jobs
      .send(SYNC_EFFECTS_JOB, { triggeredBy: `member:${user.id}`, firstReadOnly: true })
      .catch(() => null);
  return stored;
}

async function storeAction(
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
    if (action === 'followed' && user.subscriptionTier !== 'premium')
      await assertJurisdictionInPlan(db, user, legalChangeId);
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
    // capped plans are the trial's: UK only
    if (member.jurisdictionId !== UK_JURISDICTION_ID)
      throw jurisdictionNotInPlan(user, member.jurisdictionId!, member.jurisdiction ?? 'that jurisdiction');
    const stored = await upsertAction(tx, { userId: user.id, legalChangeId, action, maxFollowed });
    if (!stored) throw followLimitReached(user);
    return stored;
  });
}

/** One page of the member's followed items, with the total and whether more follow. */
export async function followedPage(db: Db, userId: number, { page, limit }: { page: number; limit: number }) {
  const rows = await listFollowed(db, { userId, page, limit });
  const total = rows[0]?.total ?? (page > 1 ? await countFollowed(db, userId) : 0);
  return {
    data: rows.map(presentFollowed),
    total,
    hasMore: (page - 1) * limit + rows.length < total,
    page,
    limit,
  };
}
