import { z } from 'zod';
import { SUBSCRIPTION_TIERS } from '../tiers';
import { MAX_INT_ID } from './common';

const refId = (what: string) =>
  z
    .number({ message: `must be a ${what} id (a number)` })
    .int('must be a whole number')
    .positive('must be a positive id')
    .max(MAX_INT_ID);

/** GET /api/subscription-limits and /api/auth/user/subscription-limits (-1 means unlimited). */
export const subscriptionLimits = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  maxJurisdictions: z.number(),
  maxLawAreas: z.number(),
  maxFollowed: z.number(),
});
export type SubscriptionLimits = z.infer<typeof subscriptionLimits>;

/** A tracked jurisdiction and law area. */
export const userSubscription = z.object({
  id: z.number(),
  jurisdictionId: z.number(),
  lawAreaId: z.number(),
  isActive: z.boolean(),
  jurisdiction: z.object({ name: z.string(), flag: z.string() }),
  lawArea: z.object({ name: z.string() }),
});
export type UserSubscription = z.infer<typeof userSubscription>;
export const userSubscriptionList = z.array(userSubscription);

/** POST /api/can-subscribe and PATCH /api/user-subscriptions/toggle */
export const subscriptionPairBody = z.object({
  jurisdictionId: refId('jurisdiction'),
  lawAreaId: refId('law area'),
});
export type SubscriptionPairBody = z.infer<typeof subscriptionPairBody>;

/** POST /api/user-subscriptions: settings add a jurisdiction with law area 1. */
export const createSubscriptionBody = z.object({
  jurisdictionId: refId('jurisdiction'),
  lawAreaId: refId('law area').default(1),
});
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBody>;

export const SUBSCRIPTION_REFUSALS = ['subscription_limit_reached', 'jurisdiction_unavailable'] as const;

/** Whether toggling the pair would be allowed; `reason` is a message to show when not. */
export const canSubscribeResponse = z.object({
  canSubscribe: z.boolean(),
  reason: z.string().optional(),
  code: z.enum(SUBSCRIPTION_REFUSALS).optional(),
});
export type CanSubscribeResponse = z.infer<typeof canSubscribeResponse>;
