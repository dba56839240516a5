import { describe, expect, it } from 'vitest';
import { FieldCopies } from './field-copies';

describe('FieldCopies', () => {
  it('never changes the shared object, and gives everyone the same copy per value', () => {
    const copies = new FieldCopies('userAction');
    const item: { id: number; userAction: 'followed' | 'dismissed' | null } = { id: 1, userAction: null };
    const followed = copies.with(item, 'followed');
    expect(item.userAction).toBeNull();
    expect(followed).toEqual({ id: 1, userAction: 'followed' });
    expect(Object.keys(followed)).toEqual(['id', 'userAction']);
    expect(copies.with(item, 'followed')).toBe(followed);
    expect(copies.with(item, 'dismissed')).not.toBe(followed);
    expect(copies.with(item, undefined)).toBe(item);
    expect(copies.with(followed, 'followed')).toBe(followed);
  });

  it('keeps copies apart between two sets (two apps)', () => {
    const item = { id: 2, userAction: null as string | null };
    expect(new FieldCopies('userAction').with(item, 'x')).not.toBe(
      new FieldCopies('userAction').with(item, 'x'),
    );
  });
});
