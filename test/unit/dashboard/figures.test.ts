import { describe, expect, it } from 'vitest';
import {
  monthChangePct,
  subscriptionStatusOf,
  trialFigures,
} from '#server/modules/dashboard/dashboard.figures';

const DAY = 86_400_000;
const now = new Date('2026-11-22T10:00:00Z');
const endsIn = (ms: number) => new Date(now.getTime() + ms);

describe('trialFigures', () => {
  it.each([
    [30 * DAY, 30, 0],
    [30 * DAY - 3_600_000, 30, 0],
    [29 * DAY, 29, 3],
    [20 * DAY - 3_600_000, 20, 33],
    [15 * DAY, 15, 50],
    [1, 1, 97],
    [0, 0, 100],
    [-5 * DAY, 0, 100],
    [45 * DAY, 30, 0],
  ])('ending in %i ms: %i days left, %i%% used', (ms, daysRemaining, trialProgress) => {
    expect(trialFigures('trial', endsIn(ms), now)).toEqual({ daysRemaining, trialProgress });
  });

  it('has no trial figures on a paid plan', () => {
    expect(trialFigures('basic', endsIn(DAY), now)).toEqual({ daysRemaining: null, trialProgress: null });
  });
});

describe('subscriptionStatusOf', () => {
  it('reads the trial from the days left and paid plans from the stored status', () => {
    expect(subscriptionStatusOf('trial', 'trialing', 3)).toBe('trial');
    expect(subscriptionStatusOf('trial', 'trialing', 0)).toBe('expired');
    expect(subscriptionStatusOf('premium', 'past_due', null)).toBe('past_due');
    expect(subscriptionStatusOf('basic', 'canceled', null)).toBe('canceled');
    expect(subscriptionStatusOf('basic', 'trialing', null)).toBe('active');
  });
});

describe('monthChangePct', () => {
  it('compares with the same days of last month in whole percent', () => {
    expect(monthChangePct(28, 25)).toBe(12);
    expect(monthChangePct(10, 20)).toBe(-50);
    expect(monthChangePct(5, 5)).toBe(0);
    expect(monthChangePct(7, 0)).toBeNull();
  });
});
