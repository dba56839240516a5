/**
 * Recording a cookie choice in this browser, and removing what a choice withdraws: functional
 * keys when functional is off, third-party analytics and marketing cookies when those are off
 * (spec document 1 §4 Cookie banner).
 */
import { COOKIE_POLICY_VERSION } from '#shared/cookie-consent';
import {
  OPTIONAL_COOKIE_CATEGORIES,
  THIRD_PARTY_COOKIES,
  type OptionalCookieCategory,
} from '#shared/cookie-names';
import {
  FUNCTIONAL_STORAGE_KEYS,
  type LocalConsent,
  STORAGE_KEYS,
  removeStorage,
  writeStorage,
} from '#client/lib/storage';

export type ConsentChoice = Record<OptionalCookieCategory, boolean>;

export const ACCEPT_ALL: ConsentChoice = { analytics: true, functional: true, marketing: true };
export const ONLY_NECESSARY: ConsentChoice = { analytics: false, functional: false, marketing: false };

/** Only the three optional categories of any preferences object. */
export function choiceOf(preferences: ConsentChoice): ConsentChoice {
  return {
    analytics: preferences.analytics,
    functional: preferences.functional,
    marketing: preferences.marketing,
  };
}

function expireCookie(name: string): void {
  const host = window.location.hostname;
  const parent = host.split('.').slice(-2).join('.');
  for (const domain of ['', `; domain=${host}`, `; domain=.${parent}`]) {
    document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
  }
}

/** Removes what the choice does not allow. */
export function removeWithdrawn(choice: ConsentChoice): void {
  if (!choice.functional) FUNCTIONAL_STORAGE_KEYS.forEach(removeStorage);
  if (!choice.analytics) THIRD_PARTY_COOKIES.analytics.forEach(expireCookie);
  if (!choice.marketing) THIRD_PARTY_COOKIES.marketing.forEach(expireCookie);
}

/** Remembers the choice in this browser (the banner then stays away for 12 months). */
export function recordLocally(
  choice: ConsentChoice,
  consentDate: string = new Date().toISOString(),
  policyVersion: string = COOKIE_POLICY_VERSION,
): LocalConsent {
  const consent: LocalConsent = { necessary: true, ...choiceOf(choice), consentDate, policyVersion };
  writeStorage(STORAGE_KEYS.cookiePreferences, JSON.stringify(consent));
  writeStorage(STORAGE_KEYS.cookieConsentGiven, policyVersion);
  removeWithdrawn(choice);
  return consent;
}

export { OPTIONAL_COOKIE_CATEGORIES };
