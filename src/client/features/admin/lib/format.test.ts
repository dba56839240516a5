import { describe, expect, it } from 'vitest';
import { createFormatter } from '#client/lib/format';
import { cacheBadge, formatAdminDate, formatBytes } from './format';

const texts = { missing: 'Not specified', invalid: 'Invalid date' };

describe('console dates', () => {
  it("renders the spec's 'MMM d, yyyy HH:mm' in English", () => {
    const en = createFormatter('en', 'UTC');
    expect(formatAdminDate('2026-03-05T14:07:00Z', en, texts)).toBe('Mar 5, 2026 14:07');
    expect(formatAdminDate('2026-03-05T14:07:00Z', en, texts, false)).toBe('Mar 5, 2026');
    expect(formatAdminDate('2026-03-05T14:07:00Z', createFormatter('ja', 'Asia/Tokyo'), texts)).toBe(
      '2026/03/05 23:07',
    );
  });
  it('says when a date is missing or unreadable', () => {
    expect(formatAdminDate(null, createFormatter('en'), texts)).toBe('Not specified');
    expect(formatAdminDate('soon', createFormatter('en'), texts)).toBe('Invalid date');
  });
  it('counts sizes in 1024s', () => {
    expect(formatBytes(1536 * 1024, createFormatter('en'))).toBe('1.5 MB');
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
