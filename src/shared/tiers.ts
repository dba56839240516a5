/**
 * Subscription tiers: what each plan allows and costs (spec document 1, sections 6 and 9).
 * The server enforces these limits; the client reads them to explain and disable controls.
 */

export const SUBSCRIPTION_TIERS = ['trial', 'basic', 'premium'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** A limit of -1 means unlimited. */
export const UNLIMITED = -1;
export const TRIAL_DAYS = 30;
export const MINIMUM_TERM_MONTHS = 12;

export interface TierLimits {
  /** followed items (the dashboard's cap of 50 trackings on the trial) */
  maxFollowed: number;
  maxJurisdictions: number;
  /** distinct law areas tracked across the member's jurisdictions */
  maxLawAreas: number;
}

export const TIER_LIMITS: Record<SubscriptionTier, TierLimits> = {
  trial: { maxFollowed: 50, maxJurisdictions: 1, maxLawAreas: 3 },
  basic: { maxFollowed: UNLIMITED, maxJurisdictions: 1, maxLawAreas: UNLIMITED },
  premium: { maxFollowed: UNLIMITED, maxJurisdictions: UNLIMITED, maxLawAreas: UNLIMITED },
};

export interface Plan {
  tier: SubscriptionTier;
  name: string;
  currency: 'GBP';
  /** prices in pence */
  monthlyPrice: number;
  yearlyPrice: number | null;
  yearlySavingPct: number | null;
  trialDays: number | null;
  minimumTermMonths: number | null;
  support: 'Community' | 'Email' | 'Priority';
  /** what the plan's limit message says, e.g. '1 jurisdiction, up to 3 law areas' */
  limitText: string | null;
}

export const PLANS: Record<SubscriptionTier, Plan> = {
  trial: {
    tier: 'trial',
    name: 'Free Trial',
    currency: 'GBP',
    monthlyPrice: 0,
    yearlyPrice: null,
    yearlySavingPct: null,
    trialDays: TRIAL_DAYS,
    minimumTermMonths: null,
    support: 'Community',
    limitText: '1 jurisdiction, up to 3 law areas',
  },
  basic: {
    tier: 'basic',
    name: 'Basic',
    currency: 'GBP',
    monthlyPrice: 1500,
    yearlyPrice: 12000,
    yearlySavingPct: 33,
    trialDays: null,
    minimumTermMonths: MINIMUM_TERM_MONTHS,
    support: 'Email',
    limitText: '1 jurisdiction',
  },
  premium: {
    tier: 'premium',
    name: 'Premium',
    currency: 'GBP',
    monthlyPrice: 5000,
    yearlyPrice: 40000,
    yearlySavingPct: 33,
    trialDays: null,
    minimumTermMonths: MINIMUM_TERM_MONTHS,
    support: 'Priority',
    limitText: null,
  },
};

export const isUnlimited = (limit: number): boolean => limit === UNLIMITED;

/** Text message alerts come with the paid plans; the trial has email and in-app alerts. */
export const planAllowsSms = (tier: SubscriptionTier): boolean => tier !== 'trial';

/** True while `count` items stay within `limit` (-1: always). */
export const withinLimit = (count: number, limit: number): boolean => isUnlimited(limit) || count <= limit;

export function followLimitMessage(tier: SubscriptionTier): string {
  const max = TIER_LIMITS[tier].maxFollowed;
  return `You can follow up to ${max} items on the ${PLANS[tier].name}. Unfollow an item or upgrade to follow more.`;
}

export interface SubscriptionPair {
  jurisdictionId: number;
  lawAreaId: number;
}

export type SubscriptionVerdict =
  { allowed: true } | { allowed: false; limit: 'jurisdictions' | 'law_areas'; message: string };

/**
 * Whether a member of `tier` may have `candidate` active beside the pairs already `active`.
 * Counts distinct jurisdictions and distinct law areas of the resulting set.
 */
export function subscriptionVerdict(
  tier: SubscriptionTier,
  active: readonly SubscriptionPair[],
  candidate: SubscriptionPair,
): SubscriptionVerdict {
  const limits = TIER_LIMITS[tier];
  const all = [...active, candidate];
  const jurisdictions = new Set(all.map((p) => p.jurisdictionId)).size;
  const lawAreas = new Set(all.map((p) => p.lawAreaId)).size;
  if (!withinLimit(jurisdictions, limits.maxJurisdictions)) {
    return { allowed: false, limit: 'jurisdictions', message: subscriptionLimitMessage(tier) };
  }
  if (!withinLimit(lawAreas, limits.maxLawAreas)) {
    return { allowed: false, limit: 'law_areas', message: subscriptionLimitMessage(tier) };
  }
  return { allowed: true };
}

export function subscriptionLimitMessage(tier: SubscriptionTier): string {
  const plan = PLANS[tier];
  const upgrade =
    tier === 'trial' ? 'Upgrade to track more.' : 'Upgrade to Premium to track more jurisdictions.';
  return `Subscription Limit Reached: the ${plan.name} plan allows ${plan.limitText ?? 'all jurisdictions'}. ${upgrade}`;
}
