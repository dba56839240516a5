/**
 * A member's cookie choice (cookie_preferences, one row) and the record of every choice saved
 * (cookie_consent_records), so the service can show what was agreed, under which policy, when.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client';
import { cookieConsentRecords, cookiePreferences } from '#server/db/schema';
import {
  COOKIE_POLICY_VERSION,
  type CookiePreferences,
  type UpdateCookiePreferences,
} from '#shared/schemas/cookies';

const cp = cookiePreferences;

/** A member who never chose: every optional category off, no consent date. */
const NO_CHOICE: CookiePreferences = {
  necessary: true,
  analytics: false,
  functional: false,
  marketing: false,
  consentDate: null,
  policyVersion: null,
};

function present(row: typeof cp.$inferSelect): CookiePreferences {
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
  const [row] = await db.select().from(cp).where(eq(cp.userId, userId));
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
    const [row] = await tx
      .insert(cp)
      .values({ userId, ...values, consentDate: now, updatedAt: now })
      .onConflictDoUpdate({ target: cp.userId, set: { ...values, consentDate: now, updatedAt: now } })
      .returning();
    await tx.insert(cookieConsentRecords).values({ userId, ...values, createdAt: now });
    return present(row!);
  });
}

/** The consent records of a member, oldest first (the account export lists them). */
export function listConsentRecords(db: DbOrTx, userId: number) {
  return db
    .select({
      analytics: cookieConsentRecords.analytics,
      functional: cookieConsentRecords.functional,
      marketing: cookieConsentRecords.marketing,
      policyVersion: cookieConsentRecords.policyVersion,
      createdAt: cookieConsentRecords.createdAt,
    })
    .from(cookieConsentRecords)
    .where(eq(cookieConsentRecords.userId, userId))
    .orderBy(asc(cookieConsentRecords.createdAt), asc(cookieConsentRecords.id));
}
