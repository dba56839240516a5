import { CONSENT_VALID_DAYS, COOKIE_POLICY_VERSION } from '#shared/cookie-consent';
import { DAY_MS } from '#shared/time';

/**
 * Keys the product keeps in the browser's local storage (spec document 1 §3, document 2 §9),
 * and access that never throws (storage can be disabled or full). Each key is listed, with its
 * purpose and duration, in the cookie inventory shown on /cookies (features/cookies/inventory).
 */
export const STORAGE_KEYS = {
  authToken: 'auth-token',
  adminAuthenticated: 'admin-authenticated',
  language: 'language',
  cookieConsentGiven: 'cookie-consent-given',
  cookiePreferences: 'cookie-preferences',
  dashboardViewMode: 'dashboard-view-mode',
  dashboardSortField: 'dashboard-sort-field',
  dashboardSortOrder: 'dashboard-sort-order',
  /** the member (by id) this browser last saw in an organisation, so the team's parts of other screens show */
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Keys that remember a choice for convenience: stored only with the visitor's consent to functional cookies. */
export const FUNCTIONAL_STORAGE_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.language,
  STORAGE_KEYS.dashboardViewMode,
  STORAGE_KEYS.dashboardSortField,
  STORAGE_KEYS.dashboardSortOrder,
];

/** The cookie choice this browser recorded, while it holds (same policy version, under 12 months old). */
export interface LocalConsent {
  necessary: true;
  analytics: boolean;
  functional: boolean;
  marketing: boolean;
  consentDate: string;
  policyVersion: string;
}

export function localConsent(now: number = Date.now()): LocalConsent | null {
  if (readStorage(STORAGE_KEYS.cookieConsentGiven) !== COOKIE_POLICY_VERSION) return null;
  try {
    const consent = JSON.parse(readStorage(STORAGE_KEYS.cookiePreferences)!) as LocalConsent;
    return now - Date.parse(consent.consentDate) < CONSENT_VALID_DAYS * DAY_MS ? consent : null;
  } catch {
    return null;
  }
}

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

/** Sent on `window` when this browser records a cookie choice (first-visit-language.ts waits for it). */
export const CONSENT_RECORDED_EVENT = 'lexwatch:consent-recorded';

export function writeStorage(key: StorageKey, value: string): void {
  if (FUNCTIONAL_STORAGE_KEYS.includes(key) && !localConsent()?.functional) return;
  try {
    store()?.setItem(key, value);
  } catch {
    // storage unavailable or full: the value lives for this page only
  }
  if (key === STORAGE_KEYS.cookieConsentGiven && typeof window !== 'undefined')
    window.dispatchEvent(new Event(CONSENT_RECORDED_EVENT));
}

export function removeStorage(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // nothing to remove
  }
}
