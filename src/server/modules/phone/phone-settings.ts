/**
 * Phone number and channel switches (PUT /api/auth/user/phone-settings and the phone part of
 * the alert preferences). A changed number is stored unverified; turning a text message switch
 * on needs a verified number; removing the number turns texts off.
 */
import type { DbOrTx } from '#server/db/client';
import { AppError, badRequest, unauthorized } from '#server/http/errors';
import type { PhoneSettings, UpdatePhoneSettings } from '#shared/schemas/preferences';
import { planAllowsSms, type SubscriptionTier } from '#shared/tiers';
import { normaliseOptionalPhoneNumber } from './phone-number';
import { findPhoneSettings, writePhoneSettings } from './phone-settings.queries';

export const smsNeedsPaidPlan = () =>
  new AppError(
    403,
    'sms_requires_paid_plan',
    'Text message alerts come with the Basic and Premium plans. Upgrade to turn them on; email and in-app alerts stay on.',
  );

export const phoneNotVerified = () =>
  badRequest(
    'Verify your phone number before turning on text message alerts.',
    undefined,
    'phone_not_verified',
  );

/**
 * The user columns to write for a change of these settings; throws 400s for what is not allowed.
 * `allowedCallingCodes` is the SMS_ALLOWED_COUNTRY_CODES list (+44 when not given).
 */
export function phoneSettingsChange(
  current: PhoneSettings,
  input: UpdatePhoneSettings,
  allowedCallingCodes?: readonly string[],
  /** the member's plan: text alerts come with paid plans only (the trial keeps email and in-app) */
  tier: SubscriptionTier = 'basic',
): Partial<PhoneSettings> {
  const next: Partial<PhoneSettings> = {};
  let phone = current.phoneNumber;
  let verified = current.phoneVerified;
  if (input.phoneNumber !== undefined) {
    const given = normaliseOptionalPhoneNumber(input.phoneNumber, allowedCallingCodes);
    if (given !== phone) {
      phone = given;
      verified = false;
      Object.assign(next, { phoneNumber: given, phoneVerified: false });
      if (given === null) Object.assign(next, { smsAlertsEnabled: false, smsNotificationsEnabled: false });
    }
  }
  for (const key of ['emailNotificationsEnabled', 'emailNewsAlertsEnabled'] as const) {
    if (input[key] !== undefined) next[key] = input[key];
  }
  for (const key of ['smsAlertsEnabled', 'smsNotificationsEnabled'] as const) {
    const wanted = input[key];
    if (wanted === undefined) continue;
    if (wanted && !current[key] && !planAllowsSms(tier)) throw smsNeedsPaidPlan();
    if (wanted && !current[key] && !(verified && phone)) throw phoneNotVerified();
    if (phone !== null || !wanted) next[key] = wanted;
  }
  return next;
}

export async function getPhoneSettings(
  db: DbOrTx,
  params: { userId: number; forUpdate?: boolean },
): Promise<PhoneSettings> {
  const row = await findPhoneSettings(db, params);
  if (!row) throw unauthorized();
  return row;
}

export async function updatePhoneSettings(
  db: DbOrTx,
  params: {
    userId: number;
    input: UpdatePhoneSettings;
    allowedCallingCodes?: readonly string[];
    tier?: SubscriptionTier;
  },
): Promise<PhoneSettings> {
  return db.transaction(async (tx) => {
    const current = await getPhoneSettings(tx, { userId: params.userId, forUpdate: true });
    const change = phoneSettingsChange(current, params.input, params.allowedCallingCodes, params.tier);
    if (!Object.keys(change).length) return current;
    return writePhoneSettings(tx, { userId: params.userId, change, now: new Date() });
  });
}
