/**
 * A first visit's starting language from where the visitor is (spec document 1 §4, 'Language
 * and country'): a stored choice comes first; else, once the visitor has allowed functional
 * cookies (the lookup sends their address to the IP-geolocation service, and its answer is
 * remembered in this browser), the language of their country becomes the stored choice. When the
 * country cannot be found, the browser's language stays and the next visit asks again. A member's
 * own language applies to them instead (member-language.ts), and no lookup is made for them.
 */
import { getJson } from '#client/lib/api-client';
import { queryClient } from '#client/lib/query-client';
import { currentUserQueryOptions } from '#client/lib/session/current-user';
import {
  CONSENT_RECORDED_EVENT,
  localConsent,
  readStorage,
  STORAGE_KEYS,
  writeStorage,
} from '#client/lib/storage';
import { isLanguageCode } from '#shared/languages';
import type { FirstVisitLocation } from '#shared/schemas/location';
import { changeLanguage } from './index';

/** No language stored in this browser yet. */
export const languageUnchosen = (): boolean => !isLanguageCode(readStorage(STORAGE_KEYS.language));

/** Whether a member is signed in here (the session check the page already made, or makes now). */
async function signedIn(): Promise<boolean> {
  try {
    return (await queryClient.fetchQuery(currentUserQueryOptions())) !== null;
  } catch {
    return false;
  }
}

export async function languageFromLocation(): Promise<void> {
  if (!languageUnchosen() || !localConsent()?.functional) return;
  // a member's own language applies to them: their location is asked only on request (settings)
  if (await signedIn()) return;
  let found: FirstVisitLocation;
  try {
    found = await getJson<FirstVisitLocation>('/api/location/first-visit');
  } catch {
    return; // the service is away: the browser's language stays
  }
  // a choice made meanwhile (the header's switcher) and a member's own language win
  const language = found.language;
  if (!language || found.signedIn || !languageUnchosen()) return;
  await changeLanguage(language);
  writeStorage(STORAGE_KEYS.language, language);
}

/** Asks now, and again whenever this browser records a cookie choice (the first may allow it). */
export function followLocation(): void {
  const ask = () => void languageFromLocation().catch(() => undefined);
  ask();
  window.addEventListener(CONSENT_RECORDED_EVENT, ask);
}
