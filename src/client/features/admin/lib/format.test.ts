import { describe, expect, it } from 'vitest';
import { cacheBadge, formatAdminDate } from './format';

const texts = { missing: 'Not specified', invalid: 'Invalid date' };

describe('console dates', () => {
  it("renders the spec's 'MMM d, yyyy HH:mm' in English", () => {
    expect(formatAdminDate('2026-03-05T14:07:00Z', 'en-GB', texts)).toMatch(/^5 Mar 2026, 14:07$/);
    expect(formatAdminDate('2026-03-05T14:07:00Z', 'en-US', texts, false)).toBe('Mar 5, 2026');
  });
  it('says when a date is missing or unreadable', () => {
    expect(formatAdminDate(null, 'en', texts)).toBe('Not specified');
    expect(formatAdminDate('soon', 'en', texts)).toBe('Invalid date');
  });
});

describe('news cache badge', () => {
  const ref = '2026-01-01T12:00:00Z';
  it('is New within 60 s of creation, Updated within 60 s of an update, else No Change', () => {
    expect(cacheBadge('2026-01-01T11:59:10Z', '2026-01-01T11:59:10Z', ref)).toBe('new');
    expect(cacheBadge('2026-01-01T10:00:00Z', '2026-01-01T11:59:30Z', ref)).toBe('updated');
    expect(cacheBadge('2026-01-01T10:00:00Z', '2026-01-01T11:58:00Z', ref)).toBe('unchanged');
  });
});
