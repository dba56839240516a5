/**
 * Alert preferences: frequency and alert types (alert_preferences, defaults when no row) with
 * the email/SMS switches and phone number kept on the member (emailAlertsEnabled is
 * users.email_notifications_enabled, smsAlertsEnabled is users.sms_alerts_enabled).
 */
import type { DbOrTx } from '#server/db/client';
import { unauthorized } from '#server/http/errors';
import { getPhoneSettings, phoneSettingsChange } from '#server/modules/phone/phone-settings';
import type { SubscriptionTier } from '#shared/tiers';
import {
  DEFAULT_ALERT_TYPES,
  type AlertPreferences,
  type UpdateAlertPreferences,
} from '#shared/schemas/preferences';
import {
  alertPreferencesRow,
  updateMemberAlertSwitches,
  upsertAlertTypes,
} from './alert-preferences.queries';

export async function getAlertPreferences(db: DbOrTx, params: { userId: number }): Promise<AlertPreferences> {
  const row = await alertPreferencesRow(db, params);
  if (!row) throw unauthorized();
  return {
    emailAlertsEnabled: row.emailAlertsEnabled,
    smsAlertsEnabled: row.smsAlertsEnabled,
    phoneNumber: row.phoneNumber,
    phoneVerified: row.phoneVerified,
    alertFrequency: row.alertFrequency ?? DEFAULT_ALERT_TYPES.alertFrequency,
    newBillAlerts: row.newBillAlerts ?? DEFAULT_ALERT_TYPES.newBillAlerts,
    statusChangeAlerts: row.statusChangeAlerts ?? DEFAULT_ALERT_TYPES.statusChangeAlerts,
    stageChangeAlerts: row.stageChangeAlerts ?? DEFAULT_ALERT_TYPES.stageChangeAlerts,
    deadlineAlerts: row.deadlineAlerts ?? DEFAULT_ALERT_TYPES.deadlineAlerts,
    lawInForceAlerts: row.lawInForceAlerts ?? DEFAULT_ALERT_TYPES.lawInForceAlerts,
  };
}

/** Saves any subset; turning SMS on without a verified phone is a 400 'phone_not_verified'. */
export async function updateAlertPreferences(
  db: DbOrTx,
  params: {
    userId: number;
    input: UpdateAlertPreferences;
    allowedCallingCodes: readonly string[];
    tier: SubscriptionTier;
  },
): Promise<AlertPreferences> {
  const { input, userId } = params;
  return db.transaction(async (tx) => {
    const current = await getPhoneSettings(tx, { userId, forUpdate: true });
    const change = phoneSettingsChange(
      current,
      {
        phoneNumber: input.phoneNumber,
        emailNotificationsEnabled: input.emailAlertsEnabled,
        smsAlertsEnabled: input.smsAlertsEnabled,
      },
      params.allowedCallingCodes,
      params.tier,
    );
    if (Object.keys(change).length) await updateMemberAlertSwitches(tx, { userId, change });
    const types = {
      alertFrequency: input.alertFrequency,
      newBillAlerts: input.newBillAlerts,
      statusChangeAlerts: input.statusChangeAlerts,
      stageChangeAlerts: input.stageChangeAlerts,
      deadlineAlerts: input.deadlineAlerts,
      lawInForceAlerts: input.lawInForceAlerts,
    };
    const given = Object.fromEntries(Object.entries(types).filter(([, v]) => v !== undefined));
    if (Object.keys(given).length) {
      await upsertAlertTypes(tx, { userId, given });
    }
    return getAlertPreferences(tx, { userId });
  });
}
