import { describe, expect, it } from 'vitest';
import { PLANS, yearlySavingPercent } from './plans';

describe('plans', () => {
  it('has the published prices', () => {
    expect(PLANS.map((p) => [p.id, p.monthly, p.yearly])).toEqual([
      ['trial', 0, null],
      ['basic', 15, 120],
      ['premium', 50, 400],
    ]);
  });

  it('computes the yearly saving (Basic 33% off)', () => {
    expect(yearlySavingPercent(15, 120)).toBe(33);
    expect(yearlySavingPercent(50, 400)).toBe(33);
    expect(yearlySavingPercent(0, 0)).toBe(0);
  });
});
