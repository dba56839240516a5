/** Plans and prices (spec document 1 §9). Amounts in whole pounds. */
export const PLANS = [
  {
    id: 'trial',
    monthly: 0,
    yearly: null,
    trialDays: 30,
    featureKeys: ['uk', 'follow', 'scope', 'alerts', 'support'],
  },
  {
    id: 'basic',
    monthly: 15,
    yearly: 120,
    trialDays: null,
    featureKeys: ['everythingTrial', 'jurisdiction', 'unlimited', 'news', 'sms', 'support'],
  },
  {
    id: 'premium',
    monthly: 50,
    yearly: 400,
    trialDays: null,
    featureKeys: ['everythingBasic', 'jurisdictions', 'sms', 'analytics', 'support'],
  },
] as const;

export type Plan = (typeof PLANS)[number];
export type PlanId = Plan['id'];

export const MINIMUM_TERM_MONTHS = 12;

/** Saving of the yearly price against twelve monthly payments, in whole percent (Basic: 33). */
export function yearlySavingPercent(monthly: number, yearly: number): number {
  if (monthly <= 0) return 0;
  return Math.floor((1 - yearly / (monthly * 12)) * 100);
}
