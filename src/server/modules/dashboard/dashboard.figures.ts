/** The dashboard's derived figures: pure functions of the stored data and the clock. */
import type { SubscriptionStatus } from '#shared/schemas/dashboard';
import { TRIAL_DAYS, type SubscriptionTier } from '#shared/tiers';
import { DAY_MS } from '#shared/time';

export interface TrialFigures {
  /** 0-100, days of the trial used */
  trialProgress: number | null;
  /** whole days left, counting a started day as a day */
  daysRemaining: number | null;
}

export function trialFigures(tier: SubscriptionTier, trialEndsAt: Date, now: Date): TrialFigures {
  if (tier !== 'trial') return { trialProgress: null, daysRemaining: null };
  const daysRemaining = Math.min(
    TRIAL_DAYS,
    Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS)),
  );
  const trialProgress = Math.round(((TRIAL_DAYS - daysRemaining) / TRIAL_DAYS) * 100);
  return { trialProgress, daysRemaining };
}

const PAID_STATUSES = new Set<SubscriptionStatus>(['active', 'past_due', 'canceled', 'expired']);

/** 'trial' or 'expired' on the trial; otherwise the payment provider's state of the paid plan. */
export function subscriptionStatusOf(
  tier: SubscriptionTier,
  storedStatus: string,
  daysRemaining: number | null,
): SubscriptionStatus {
  if (tier === 'trial') return (daysRemaining ?? 0) > 0 ? 'trial' : 'expired';
  return PAID_STATUSES.has(storedStatus as SubscriptionStatus)
    ? (storedStatus as SubscriptionStatus)
    : 'active';
}

/** This month so far against the same days of last month, in whole percent; null without a base. */
export function monthChangePct(thisMonthToDate: number, lastMonthToDate: number): number | null {
  if (lastMonthToDate === 0) return null;
  return Math.round(((thisMonthToDate - lastMonthToDate) / lastMonthToDate) * 100);
}
