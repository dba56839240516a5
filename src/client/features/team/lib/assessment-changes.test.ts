import { describe, expect, it } from 'vitest';
import { changedFields } from './assessment-changes';
import type { Assessment } from './types';

const saved: Assessment = {
  status: 'new',
  relevance: null,
  ownerUserId: null,
  dueDate: null,
  impactNote: null,
  updatedAt: null,
  history: [],
};

describe('assessment changes', () => {
  it('sends only the fields that changed', () => {
    expect(
      changedFields(saved, { ...saved, status: 'assessing', ownerUserId: 4, dueDate: '2027-01-31' }),
    ).toEqual({
      status: 'assessing',
      ownerUserId: 4,
      dueDate: '2027-01-31',
    });
    expect(changedFields(saved, { ...saved })).toEqual({});
  });
});
