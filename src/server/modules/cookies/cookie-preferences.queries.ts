/** A member's cookie choice (one row) and the consent records appended with every save. */
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '#server/db/client';
import { cookieConsentRecords, cookiePreferences as cp } from '#server/db/schema';

const choiceColumns = {
  analytics: cp.analytics,
  functional: cp.functional,
  marketing: cp.marketing,
  consentDate: cp.consentDate,
  policyVersion: cp.policyVersion,
};

export async function cookieChoiceOf(db: Db, params: { userId: number }) {
  const [row] = await db.select(choiceColumns).from(cp).where(eq(cp.userId, params.userId));
  return row ?? null;
}
export type CookieChoiceRow = NonNullable<Awaited<ReturnType<typeof cookieChoiceOf>>>;

type ChoiceValues = { analytics: boolean; functional: boolean; marketing: boolean; policyVersion: string };

/** Saves the member's choice and appends it to their consent records. */
export async function saveCookieChoice(
  tx: Tx,
  params: { userId: number; values: ChoiceValues; now: Date },
): Promise<CookieChoiceRow> {
  const { userId, values, now } = params;
  const [row] = await tx
    .insert(cp)
    .values({ userId, ...values, consentDate: now, updatedAt: now })
    .onConflictDoUpdate({ target: cp.userId, set: { ...values, consentDate: now, updatedAt: now } })
    .returning(choiceColumns);
  await tx.insert(cookieConsentRecords).values({ userId, ...values, createdAt: now });
  return row!;
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
