import { describe, expect, it } from 'vitest';
import { itemDate } from './item-date';

describe('itemDate', () => {
  it('prefers the current stage date for every item', () => {
    expect(
      itemDate({ category: 'primary', currentStageDate: '2026-05-01', enactmentDate: '2026-06-01' }),
    ).toBe('2026-05-01');
    expect(itemDate({ category: 'secondary', currentStageDate: '2026-05-01', dateLaid: '2026-04-01' })).toBe(
      '2026-05-01',
    );
  });

  it('walks the primary order: enacted, consultation ended, started, proposed, parliamentary, created', () => {
    const base = { category: 'primary' as const, createdAt: '2026-01-09T10:00:00Z' };
    expect(itemDate({ ...base, enactmentDate: '2026-02-01', consultationEndDate: '2026-03-01' })).toBe(
      '2026-02-01',
    );
    expect(
      itemDate({ ...base, consultationEndDate: '2026-03-01', consultationStartDate: '2026-02-02' }),
    ).toBe('2026-03-01');
    expect(itemDate({ ...base, consultationStartDate: '2026-02-02', proposedDate: '2026-01-03' })).toBe(
      '2026-02-02',
    );
    expect(itemDate({ ...base, proposedDate: '2026-01-03', parliamentaryDate: '2026-01-04' })).toBe(
      '2026-01-03',
    );
    expect(itemDate({ ...base, parliamentaryDate: '2026-01-04' })).toBe('2026-01-04');
    expect(itemDate(base)).toBe('2026-01-09');
    // a laid date does not count for primary items
    expect(itemDate({ ...base, dateLaid: '2026-01-05' })).toBe('2026-01-09');
  });

  it('walks the secondary order: laid, effective, enacted, consultation, proposed, made, created', () => {
    const base = { category: 'secondary' as const, createdAt: '2026-01-09T10:00:00Z' };
    expect(itemDate({ ...base, dateLaid: '2026-02-01', effectiveDate: '2026-03-01' })).toBe('2026-02-01');
    expect(itemDate({ ...base, effectiveDate: '2026-03-01', enactmentDate: '2026-02-01' })).toBe(
      '2026-03-01',
    );
    expect(itemDate({ ...base, enactmentDate: '2026-02-01', consultationEndDate: '2026-01-20' })).toBe(
      '2026-02-01',
    );
    expect(itemDate({ ...base, consultationStartDate: '2026-01-10', proposedDate: '2026-01-02' })).toBe(
      '2026-01-10',
    );
    expect(itemDate({ ...base, madeDate: '2026-01-07' })).toBe('2026-01-07');
    expect(itemDate({ category: 'secondary' })).toBeNull();
  });
});
