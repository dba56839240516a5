/**
 * Every cookie and local-storage key the service sets, with its category and duration: the one
 * list the Cookie Policy (/cookies) shows. Purposes and durations are worded in the policy
 * dictionary under `cookies.inventory.<id>`. Tests hold this list against the server's cookie
 * names, the client's storage keys, and what a browser actually holds after signing in.
 */
import { COOKIE_NAMES, type CookieCategory } from '#shared/cookie-names';
import { FUNCTIONAL_STORAGE_KEYS, STORAGE_KEYS } from '#client/lib/storage';

export interface StoredItem {
  /** key of its purpose and duration in the policy dictionary */
  id: string;
  /** the cookie's or the key's name, as the browser shows it */
  name: string;
  kind: 'cookie' | 'localStorage';
  category: CookieCategory;
}

const functional = (name: string): CookieCategory =>
  (FUNCTIONAL_STORAGE_KEYS as readonly string[]).includes(name) ? 'functional' : 'necessary';

export const BROWSER_STORAGE: readonly StoredItem[] = [
  { id: 'session', name: COOKIE_NAMES.session, kind: 'cookie', category: 'necessary' },
  { id: 'admin', name: COOKIE_NAMES.admin, kind: 'cookie', category: 'necessary' },
  { id: 'csrf', name: COOKIE_NAMES.csrf, kind: 'cookie', category: 'necessary' },
  { id: 'stateWrittenAt', name: COOKIE_NAMES.stateWrittenAt, kind: 'cookie', category: 'necessary' },
  ...(
    [
      ['consentGiven', STORAGE_KEYS.cookieConsentGiven],
      ['consentPreferences', STORAGE_KEYS.cookiePreferences],
      ['authToken', STORAGE_KEYS.authToken],
      ['adminAuthenticated', STORAGE_KEYS.adminAuthenticated],
      ['language', STORAGE_KEYS.language],
      ['viewMode', STORAGE_KEYS.dashboardViewMode],
      ['sortField', STORAGE_KEYS.dashboardSortField],
      ['sortOrder', STORAGE_KEYS.dashboardSortOrder],
    ] as const
  ).map(([id, name]): StoredItem => ({ id, name, kind: 'localStorage', category: functional(name) })),
];
