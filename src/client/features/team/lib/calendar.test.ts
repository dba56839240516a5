import { describe, expect, it } from 'vitest';
import { byDate, monthGrid, shiftMonth } from './calendar';

describe('horizon calendar', () => {
  it('lays a month out in weeks from Monday, with its first and last dates', () => {
    const grid = monthGrid('2026-12');
    expect(grid.from).toBe('2026-12-01');
    expect(grid.to).toBe('2026-12-31');
    // 1 December 2026 is a Tuesday
    expect(grid.weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(grid.weeks.every((week) => week.length === 7)).toBe(true);
    expect(grid.weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(monthGrid('2028-02').to).toBe('2028-02-29');
  });

  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('groups events by day in date order', () => {
    const groups = byDate([
      { date: '2026-12-09', id: 2 },
      { date: '2026-12-01', id: 1 },
      { date: '2026-12-09T00:00:00Z', id: 3 },
    ]);
    expect([...groups.keys()]).toEqual(['2026-12-01', '2026-12-09']);
    expect(groups.get('2026-12-09')!.map((e) => e.id)).toEqual([2, 3]);
  });
});
