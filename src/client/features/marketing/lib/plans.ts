/**
 * The landing pricing section's view of the plans defined once in #shared/tiers (spec document
 * 1 §9), in whole pounds: the prices here cannot drift from what the server charges.
 */
import { MINIMUM_TERM_MONTHS, PLANS as TIER_PLANS } from '#shared/tiers';

const pounds = (pence: number) => pence / 100;

export const PLANS = [
  {
    id: 'trial',
    monthly: pounds(TIER_PLANS.trial.monthlyPrice),
    yearly: null,
    trialDays: TIER_PLANS.trial.trialDays,
    featureKeys: ['uk', 'follow', 'scope', 'alerts', 'support'],
  },
  {
    id: 'basic',
    monthly: pounds(TIER_PLANS.basic.monthlyPrice),
    yearly: pounds(TIER_PLANS.basic.yearlyPrice!),
    trialDays: null,
    featureKeys: ['everythingTrial', 'jurisdiction', 'unlimited', 'sms', 'teamChat', 'support'],
  },
  {
    id: 'premium',
    monthly: pounds(TIER_PLANS.premium.monthlyPrice),
    yearly: pounds(TIER_PLANS.premium.yearlyPrice!),
    trialDays: null,
    featureKeys: ['everythingBasic', 'jurisdictions', 'support'],
  },
] as const;

export type Plan = (typeof PLANS)[number];
export type PlanId = Plan['id'];

export { MINIMUM_TERM_MONTHS };

/** Saving of the yearly price against twelve monthly payments, in whole percent (Basic: 33). */
export function yearlySavingPercent(monthly: number, yearly: number): number {
  if (monthly <= 0) return 0;
  return Math.floor((1 - yearly / (monthly * 12)) * 100);
}
