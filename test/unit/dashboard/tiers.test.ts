import { describe, expect, it } from 'vitest';
import { PLANS, subscriptionVerdict, TIER_LIMITS, withinLimit } from '#shared/tiers';

const uk = (lawAreaId: number) => ({ jurisdictionId: 1, lawAreaId });

describe('tier limits', () => {
  it('matches the spec’s plans and prices', () => {
    expect(TIER_LIMITS).toEqual({
      trial: { maxFollowed: 50, maxJurisdictions: 1, maxLawAreas: 3 },
      basic: { maxFollowed: -1, maxJurisdictions: 1, maxLawAreas: -1 },
      premium: { maxFollowed: -1, maxJurisdictions: -1, maxLawAreas: -1 },
    });
    expect([PLANS.trial.monthlyPrice, PLANS.trial.trialDays]).toEqual([0, 30]);
    expect([PLANS.basic.monthlyPrice, PLANS.basic.yearlyPrice, PLANS.basic.yearlySavingPct]).toEqual([
      1500, 12000, 33,
    ]);
    expect([PLANS.premium.monthlyPrice, PLANS.premium.yearlyPrice, PLANS.premium.minimumTermMonths]).toEqual([
      5000, 40000, 12,
    ]);
    expect([PLANS.trial.support, PLANS.basic.support, PLANS.premium.support]).toEqual([
      'Community',
      'Email',
      'Priority',
    ]);
  });

  it('reads -1 as unlimited', () => {
    expect(withinLimit(1_000_000, -1)).toBe(true);
    expect(withinLimit(3, 3)).toBe(true);
    expect(withinLimit(4, 3)).toBe(false);
  });
});

describe('subscriptionVerdict', () => {
  it('allows a trial member up to 3 law areas in one jurisdiction', () => {
    expect(subscriptionVerdict('trial', [uk(1), uk(2)], uk(3))).toEqual({ allowed: true });
    expect(subscriptionVerdict('trial', [uk(1), uk(2), uk(3)], uk(4))).toMatchObject({
      allowed: false,
      limit: 'law_areas',
    });
  });

  it('counts distinct law areas and jurisdictions, so a pair already held costs nothing', () => {
    expect(subscriptionVerdict('trial', [uk(1), uk(2), uk(3)], uk(2))).toEqual({ allowed: true });
    expect(subscriptionVerdict('trial', [], uk(9))).toEqual({ allowed: true });
  });

  it('refuses a second jurisdiction on trial and basic, not on premium', () => {
    const eu = { jurisdictionId: 2, lawAreaId: 1 };
    expect(subscriptionVerdict('trial', [uk(1)], eu)).toMatchObject({
      allowed: false,
      limit: 'jurisdictions',
    });
    const basic = subscriptionVerdict('basic', [uk(1), uk(2), uk(3), uk(4)], eu);
    expect(basic).toEqual({
      allowed: false,
      limit: 'jurisdictions',
      message:
        'Subscription Limit Reached: the Basic plan allows 1 jurisdiction. Upgrade to Premium to track more jurisdictions.',
    });
    expect(subscriptionVerdict('basic', [uk(1), uk(2), uk(3), uk(4)], uk(5))).toEqual({ allowed: true });
    expect(subscriptionVerdict('premium', [uk(1), eu], { jurisdictionId: 3, lawAreaId: 7 })).toEqual({
      allowed: true,
    });
  });

  it('words the trial’s refusal with the spec’s tier text', () => {
    const v = subscriptionVerdict('trial', [uk(1), uk(2), uk(3)], uk(4));
    expect(v.allowed === false && v.message).toBe(
      'Subscription Limit Reached: the Free Trial plan allows 1 jurisdiction, up to 3 law areas. Upgrade to track more.',
    );
  });
});
