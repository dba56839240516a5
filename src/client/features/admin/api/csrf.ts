import { readCookie } from '#client/lib/cookies';

export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'x-csrf-token';

/** Header for every non-GET admin request: the CSRF token the server put in a readable cookie. */
export function csrfHeaders(): Record<string, string> {
  return { [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '' };
}
