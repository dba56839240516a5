import { describe, expect, it } from 'vitest';
import { MemberAnswerMemo } from './member-answer-memo';

const bytes = (n: number, fill = 'x') => Buffer.alloc(n, fill);

describe('MemberAnswerMemo', () => {
  it('gives an answer back only for the very state it was made with', () => {
    const memo = new MemberAnswerMemo<string>(1024);
    const state = Object.freeze([{ id: 1 }]);
    memo.set('7 page 1', state, ['shared page 1'], bytes(10));
    expect(memo.get('7 page 1', state)?.bytes).toEqual(bytes(10));
    expect(memo.get('7 page 1', state)?.parts).toEqual(['shared page 1']);
    // the same actions read again (after any change of the member's) are a new object
    expect(memo.get('7 page 1', Object.freeze([{ id: 1 }]))).toBeUndefined();
    expect(memo.get('8 page 1', state)).toBeUndefined();
  });

  it('replaces an answer asked again, and lets the least recently stored go past its bytes', () => {
    const memo = new MemberAnswerMemo<string>(100);
    const state = {};
    memo.set('a', state, [], bytes(10, 'a'));
    memo.set('a', state, [], bytes(12, 'b'));
    expect(memo.heldBytes).toBe(12);
    expect(memo.get('a', state)?.bytes).toEqual(bytes(12, 'b'));
    for (const key of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) memo.set(key, state, [], bytes(12));
    expect(memo.heldBytes).toBeLessThanOrEqual(100);
    expect(memo.get('a', state)).toBeUndefined();
    expect(memo.get('i', state)).toBeDefined();
    // an answer larger than an eighth of the room is not kept
    memo.set('big', state, [], bytes(13));
    expect(memo.get('big', state)).toBeUndefined();
  });
});
