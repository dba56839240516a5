import { describe, expect, it } from 'vitest';
import { defaultSortOrder, monthBounds, shiftMonth } from './list-state';

describe('dashboard list helpers', () => {
  it('defaults title to A-Z and date to newest first', () => {
    expect(defaultSortOrder('title')).toBe('asc');
    expect(defaultSortOrder('date')).toBe('desc');
  });

  it('moves between months across year ends', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-06', 0)).toBe('2026-06');
  });

  it('gives the first and last day of a month, leap years included', () => {
    expect(monthBounds('2026-11')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(monthBounds('2024-02')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
  });
});
