/** The alert settings a member saves together: methods, frequency and the kinds of alert. */
import type { AlertPreferences } from '#shared/schemas/preferences';

export type AlertSettings = Pick<
  AlertPreferences,
  | 'emailAlertsEnabled'
  | 'smsAlertsEnabled'
  | 'alertFrequency'
  | 'newBillAlerts'
  | 'statusChangeAlerts'
  | 'stageChangeAlerts'
  | 'deadlineAlerts'
  | 'lawInForceAlerts'
>;

export const ALERT_TYPES = [
  'newBillAlerts',
  'statusChangeAlerts',
  'stageChangeAlerts',
  'deadlineAlerts',
  'lawInForceAlerts',
] as const;

export function settingsOf(p: AlertPreferences): AlertSettings {
  return {
    emailAlertsEnabled: p.emailAlertsEnabled,
    smsAlertsEnabled: p.smsAlertsEnabled,
    alertFrequency: p.alertFrequency,
    newBillAlerts: p.newBillAlerts,
    statusChangeAlerts: p.statusChangeAlerts,
    stageChangeAlerts: p.stageChangeAlerts,
    deadlineAlerts: p.deadlineAlerts,
    lawInForceAlerts: p.lawInForceAlerts,
  };
}
