/**
 * Cookie categories and the names of the cookies the server sets (spec document 1 §3, §4), shared
 * by the server, the cookie banner and the Cookie Policy's inventory.
 */

export const OPTIONAL_COOKIE_CATEGORIES = ['analytics', 'functional', 'marketing'] as const;
export type OptionalCookieCategory = (typeof OPTIONAL_COOKIE_CATEGORIES)[number];
export type CookieCategory = 'necessary' | OptionalCookieCategory;

/** The cookies the server sets; all strictly necessary (see the cookie inventory on /cookies). */
export const COOKIE_NAMES = {
  /** the member's session (HttpOnly) */
  session: 'lw_session',
  /** the administrator's session (HttpOnly) */
  admin: 'lw_admin',
  /** the administrator's CSRF token, readable by the admin screen */
  csrf: 'csrf-token',
  /** when the member last changed something (HttpOnly, seconds long): their next answers are exact */
  stateWrittenAt: 'lw_written',
} as const;

/**
 * Third-party cookies some sites leave behind; 'Only Necessary' clears them (spec §4). The
 * service sets none of them itself.
 */
export const THIRD_PARTY_COOKIES = {
  analytics: ['_ga', '_gid'],
  marketing: ['_fbp', '_gcl_au'],
} as const;
