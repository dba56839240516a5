import { describe, expect, it } from 'vitest';
import { ListFilter, type FilteredFields } from './legal-changes.filter';

const item = (fields: Partial<FilteredFields> = {}): FilteredFields => ({
  jurisdictionId: 1,
  category: 'primary',
  itemDate: '2026-03-10',
  legislationType: 'ukpga',
  ...fields,
});

describe('a list filter in memory', () => {
  it('matches what its conditions (and their SQL) match, a null field never', () => {
    const none = new ListFilter({});
    expect(none.matches(item())).toBe(true);
    expect(none.toSql()).toBeUndefined();
    const f = new ListFilter({
      jurisdictionId: 1,
      category: 'primary',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      hiddenTypes: ['uksi'],
    });
    expect(f.conditions).toHaveLength(5);
    expect(f.toSql()).toBeDefined();
    expect(f.matches(item())).toBe(true);
    expect(f.matches(item({ jurisdictionId: 2 }))).toBe(false);
    expect(f.matches(item({ category: 'secondary' }))).toBe(false);
    expect(f.matches(item({ itemDate: '2026-02-28' }))).toBe(false);
    expect(f.matches(item({ itemDate: '2026-04-01' }))).toBe(false);
    expect(f.matches(item({ itemDate: null }))).toBe(false);
    expect(f.matches(item({ legislationType: 'uksi' }))).toBe(false);
    expect(f.matches(item({ legislationType: null }))).toBe(false);
    expect(new ListFilter({ startDate: '2026-03-10', endDate: '2026-03-10' }).matches(item())).toBe(true);
  });
});
