import type { Db, DbOrTx } from '#server/db/client';
import { AppError, badRequest, notFound } from '#server/http/errors';
import type { SessionUser } from '#server/plugins/session';
import type {
  CanSubscribeResponse,
  SubscriptionPairBody,
  UserSubscription,
} from '#shared/schemas/subscriptions';
import { subscriptionVerdict, TIER_LIMITS, type SubscriptionTier } from '#shared/tiers';
import { presentSubscription } from './subscriptions.presenter';
import {
  deleteSubscription,
  insertDefaultSubscription,
  listSubscriptions,
  subscriptionState,
  writeSubscription,
  type SubscriptionState,
} from './subscriptions.queries';

type Refusal = {
  code: 'subscription_limit_reached' | 'jurisdiction_unavailable';
  message: string;
  details?: unknown;
};

/** The member's pairs; a member with none starts with the UK and law area 1. */
export async function subscriptionsFor(db: DbOrTx, userId: number): Promise<UserSubscription[]> {
  let rows = await listSubscriptions(db, userId);
  if (rows.length === 0) {
    await insertDefaultSubscription(db, userId);
    rows = await listSubscriptions(db, userId);
  }
  return rows.map(presentSubscription);
}

function unknownReference(state: SubscriptionState): AppError | null {
  const details = [
    ...(state.jurisdiction ? [] : [{ field: 'body.jurisdictionId', message: 'No such jurisdiction' }]),
    ...(state.lawArea ? [] : [{ field: 'body.lawAreaId', message: 'No such law area' }]),
  ];
  if (details.length === 0) return null;
  return badRequest(
    `Invalid body: ${details.map((d) => `${d.field} (${d.message})`).join('; ')}`,
    details,
    'validation_failed',
  );
}

/** Why the pair may not be active beside the member's other active pairs, or null when it may. */
function refusalFor(
  tier: SubscriptionTier,
  state: SubscriptionState,
  pair: SubscriptionPairBody,
): Refusal | null {
  if (state.jurisdiction && !state.jurisdiction.isActive) {
    return {
      code: 'jurisdiction_unavailable',
      message: `${state.jurisdiction.name} cannot be tracked yet. Choose a jurisdiction that is available.`,
    };
  }
  const others = state.subscriptions.filter(
    (s) => s.isActive && !(s.jurisdictionId === pair.jurisdictionId && s.lawAreaId === pair.lawAreaId),
  );
  const verdict = subscriptionVerdict(tier, others, pair);
  if (verdict.allowed) return null;
  const { maxJurisdictions, maxLawAreas } = TIER_LIMITS[tier];
  return {
    code: 'subscription_limit_reached',
    message: verdict.message,
    details: { tier, limit: verdict.limit, maxJurisdictions, maxLawAreas },
  };
}

/** The permission check made before a toggle: switching a pair off is always allowed. */
export async function canSubscribe(
  db: DbOrTx,
  user: SessionUser,
  pair: SubscriptionPairBody,
): Promise<CanSubscribeResponse> {
  const state = await subscriptionState(db, user.id, pair);
  const invalid = unknownReference(state);
  if (invalid) throw invalid;
  const existing = state.subscriptions.find(
    (s) => s.jurisdictionId === pair.jurisdictionId && s.lawAreaId === pair.lawAreaId,
  );
  if (existing?.isActive) return { canSubscribe: true };
  const refusal = refusalFor(user.subscriptionTier, state, pair);
  return refusal
    ? { canSubscribe: false, reason: refusal.message, code: refusal.code }
    : { canSubscribe: true };
}

/**
 * Writes the change first, under the member's row lock, then checks the resulting set against
 * the plan; a refused change is rolled back. Statements: begin, write, read, commit.
 */
export async function changeSubscription(
  db: Db,
  user: SessionUser,
  pair: SubscriptionPairBody,
  mode: 'toggle' | 'activate',
): Promise<UserSubscription> {
  return db.transaction(async (tx) => {
    const written = await writeSubscription(tx, { userId: user.id, ...pair, mode });
    const state = await subscriptionState(tx, user.id, pair);
    const invalid = unknownReference(state);
    if (invalid || !written) throw invalid ?? new Error('subscription write returned no row');
    if (written.isActive) {
      const refusal = refusalFor(user.subscriptionTier, state, pair);
      if (refusal) throw new AppError(403, refusal.code, refusal.message, refusal.details);
    }
    return presentSubscription({
      ...pair,
      id: written.id,
      isActive: written.isActive,
      jurisdictionName: state.jurisdiction!.name,
      jurisdictionFlag: state.jurisdiction!.flag,
      lawAreaName: state.lawArea!.name,
    });
  });
}

/** Removes one of the member's subscriptions; a 404 when they have no such subscription. */
export async function removeSubscription(db: DbOrTx, userId: number, id: number): Promise<void> {
  if (!(await deleteSubscription(db, userId, id)))
    throw notFound('That subscription does not exist.', 'subscription_not_found');
}

/** The member's plan and its subscription limits. */
export const subscriptionLimitsOf = (tier: SubscriptionTier) => ({ tier, ...TIER_LIMITS[tier] });
