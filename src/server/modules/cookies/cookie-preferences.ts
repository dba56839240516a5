/**
 * A member's cookie choice (cookie_preferences, one row) and the record of every choice saved
 * (cookie_consent_records), so the service can show what was agreed, under which policy, when.
 */
import type { Db } from '#server/db/client';
import {
  COOKIE_POLICY_VERSION,
  type CookiePreferences,
  type UpdateCookiePreferences,
} from '#shared/schemas/cookies';
import { cookieChoiceOf, saveCookieChoice, type CookieChoiceRow } from './cookie-preferences.queries';

/** A member who never chose: every optional category off, no consent date. */
const NO_CHOICE: CookiePreferences = {
  necessary: true,
  analytics: false,
  functional: false,
  marketing: false,
  consentDate: null,
  policyVersion: null,
};

function present(row: CookieChoiceRow): CookiePreferences {
  return {
    necessary: true,
    analytics: row.analytics,
    functional: row.functional,
    marketing: row.marketing,
    consentDate: row.consentDate.toISOString(),
    policyVersion: row.policyVersion,
  };
}

export async function getCookiePreferences(db: Db, userId: number): Promise<CookiePreferences> {
  const row = await cookieChoiceOf(db, { userId });
  return row ? present(row) : NO_CHOICE;
}

/** Saves the choice under the current policy version and appends it to the consent records. */
export async function saveCookiePreferences(
  db: Db,
  userId: number,
  choice: UpdateCookiePreferences,
  now: Date = new Date(),
): Promise<CookiePreferences> {
  const values = {
    analytics: choice.analytics,
    functional: choice.functional,
    marketing: choice.marketing,
    policyVersion: COOKIE_POLICY_VERSION,
  };
  return db.transaction(async (tx) => {
    const row = await saveCookieChoice(tx, { userId, values, now });
    return present(row);
  });
}
