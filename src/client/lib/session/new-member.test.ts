import { describe, expect, it } from 'vitest';
import { markNewMember, takeNewMemberMark } from './new-member';

/** An in-memory stand-in for sessionStorage. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the new member mark', () => {
  it('greets a member as new once, right after registering, and as returning after that', () => {
    const storage = memoryStorage();
    expect(takeNewMemberMark(storage)).toBe(false);
    markNewMember(storage);
    expect(takeNewMemberMark(storage)).toBe(true);
    expect(takeNewMemberMark(storage)).toBe(false);
  });

  it('treats storage that refuses as a returning visit', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    expect(() => markNewMember(refusing)).not.toThrow();
    expect(takeNewMemberMark(refusing)).toBe(false);
  });
});
