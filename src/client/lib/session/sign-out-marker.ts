/**
 * Remembers that the member signed out a moment ago, so that the member-only page they were on
 * while signing out is not treated as an unauthorised visit.
 */
const WINDOW_MS = 3000;
let signedOutAt = 0;

export function markSignedOut(now: number = Date.now()): void {
  signedOutAt = now;
}

export function wasJustSignedOut(now: number = Date.now()): boolean {
  return signedOutAt !== 0 && now - signedOutAt < WINDOW_MS;
}
