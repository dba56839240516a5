/**
 * Marks the member who has just finished registering, for this browser tab, so that their first
 * dashboard says "Welcome" and every later visit "Welcome back". Kept in sessionStorage: a new
 * tab or a later sign-in is a returning visit.
 */
const KEY = 'lexwatch.newMember';

/** Called once the registration is verified and the member signed in. */
export function markNewMember(storage: Pick<Storage, 'setItem'> | null = safeSessionStorage()): void {
  try {
    storage?.setItem(KEY, '1');
  } catch {
    // storage refused (private mode, quota): the greeting is "Welcome back", nothing else changes
  }
}

/** Whether this is the new member's first dashboard; the mark is used up by reading it. */
export function takeNewMemberMark(
  storage: Pick<Storage, 'getItem' | 'removeItem'> | null = safeSessionStorage(),
): boolean {
  try {
    const marked = storage?.getItem(KEY) === '1';
    if (marked) storage?.removeItem(KEY);
    return marked;
  } catch {
    return false;
  }
}

function safeSessionStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
