/**
 * Keys the product keeps in the browser's local storage (spec document 1 §3, document 2 §9),
 * and access that never throws (storage can be disabled or full).
 */
export const STORAGE_KEYS = {
  authToken: 'auth-token',
  adminAuthenticated: 'admin-authenticated',
  language: 'language',
  country: 'country',
  countryCode: 'country-code',
  cookieConsentGiven: 'cookie-consent-given',
  cookiePreferences: 'cookie-preferences',
  dashboardViewMode: 'dashboard-view-mode',
  dashboardSortField: 'dashboard-sort-field',
  dashboardSortOrder: 'dashboard-sort-order',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // storage unavailable or full: the value lives for this page only
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // nothing to remove
  }
}
