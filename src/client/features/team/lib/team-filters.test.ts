import { describe, expect, it } from 'vitest';
import { addDays, isOverdue, isTeamFilter, teamItemsParams, todayIn } from './team-filters';

describe('team view filters', () => {
  it('asks the server for what each filter means', () => {
    expect(teamItemsParams('all', 1, '2026-12-05')).toEqual({ page: '1' });
    expect(teamItemsParams('assigned', 2, '2026-12-05')).toEqual({ page: '2', assigned: 'me' });
    expect(teamItemsParams('action_required', 1, '2026-12-05')).toEqual({
      page: '1',
      status: 'action_required',
    });
    expect(teamItemsParams('not_assessed', 1, '2026-12-05')).toEqual({ page: '1', status: 'new' });
    expect(teamItemsParams('due_soon', 1, '2026-12-05')).toEqual({ page: '1', dueBefore: '2027-01-04' });
  });

  it('accepts only known filters from the address', () => {
    expect(isTeamFilter('assigned')).toBe(true);
    expect(isTeamFilter('everything')).toBe(false);
    expect(isTeamFilter(null)).toBe(false);
  });

  it('counts days across months and years, and says when an open item is overdue', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isOverdue('2026-12-04', 'assessing', '2026-12-05')).toBe(true);
    expect(isOverdue('2026-12-04', 'done', '2026-12-05')).toBe(false);
    expect(isOverdue('2026-12-05', 'assessing', '2026-12-05')).toBe(false);
    expect(isOverdue(null, 'new', '2026-12-05')).toBe(false);
  });

  it("takes today in the member's time zone", () => {
    const lateUtc = new Date('2026-12-05T23:30:00Z');
    expect(todayIn('UTC', lateUtc)).toBe('2026-12-05');
    expect(todayIn('Asia/Tokyo', lateUtc)).toBe('2026-12-06');
  });
});
