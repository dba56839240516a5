/**
 * The plans a member pays for and the order of all plans; apart from `./tiers` so the pages
 * that only show prices do not download them.
 */
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from './tiers';

/** The plans a member pays for (checkout offers these). */
export const PAID_TIERS = ['basic', 'premium'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

/** The plans in order, lowest first: a tier ranks above those before it. */
export const tierRank = (tier: SubscriptionTier): number => SUBSCRIPTION_TIERS.indexOf(tier);
