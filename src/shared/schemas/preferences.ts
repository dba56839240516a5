/**
 * Alert preference contracts (spec document 1 §2 /preferences, §3 Alert preferences and Search
 * term, §4 phone verification, §7 Settings, preferences, alerts).
 */
import { z } from 'zod';
import {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  PHONE_CODE_LENGTH,
  SEARCH_TERM_MAX_LENGTH,
  SEARCH_TERMS_PER_MEMBER,
} from '../alert-preferences';

export {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  PHONE_CODE_LENGTH,
  SEARCH_TERM_MAX_LENGTH,
  SEARCH_TERMS_PER_MEMBER,
};

export const alertFrequencySchema = z.enum(ALERT_FREQUENCIES);

// ── search terms ───────────────────────────────────────────────────────────

export const searchTermSchema = z.object({
  id: z.number().int().positive(),
  searchTerm: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type SearchTerm = z.infer<typeof searchTermSchema>;
export const searchTermListSchema = z.array(searchTermSchema);

/** Non-empty after trimming, at most 100 characters; runs of spaces become one. */
export const createSearchTermSchema = z.object({
  searchTerm: z
    .string()
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1).max(SEARCH_TERM_MAX_LENGTH)),
});
export type CreateSearchTerm = z.infer<typeof createSearchTermSchema>;

/** PUT /api/user/search-terms/:id/toggle: no body flips the switch; `isActive` sets it. */
export const toggleSearchTermSchema = z.object({ isActive: z.boolean().optional() }).nullish();

export const deletedSchema = z.object({ id: z.number().int().positive(), deleted: z.literal(true) });

// ── alert preferences ──────────────────────────────────────────────────────

export const alertPreferencesSchema = z.object({
  emailAlertsEnabled: z.boolean(),
  smsAlertsEnabled: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  alertFrequency: alertFrequencySchema,
  newBillAlerts: z.boolean(),
  statusChangeAlerts: z.boolean(),
  stageChangeAlerts: z.boolean(),
  deadlineAlerts: z.boolean(),
  /** 'Changes to law in force': effects on followed Acts and instruments */
  lawInForceAlerts: z.boolean(),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

/** Defaults of a member who never saved preferences. */
export const DEFAULT_ALERT_TYPES = {
  alertFrequency: 'immediate',
  newBillAlerts: true,
  statusChangeAlerts: true,
  stageChangeAlerts: true,
  deadlineAlerts: false,
  lawInForceAlerts: true,
} as const;

/**
 * PUT /api/user/alert-preferences: any subset. `phoneVerified` is the server's to set and is
 * ignored; a changed `phoneNumber` is stored unverified (null or '' removes it).
 */
export const updateAlertPreferencesSchema = z.object({
  emailAlertsEnabled: z.boolean().optional(),
  smsAlertsEnabled: z.boolean().optional(),
  phoneNumber: z.string().max(40).nullable().optional(),
  alertFrequency: alertFrequencySchema.optional(),
  newBillAlerts: z.boolean().optional(),
  statusChangeAlerts: z.boolean().optional(),
  stageChangeAlerts: z.boolean().optional(),
  deadlineAlerts: z.boolean().optional(),
  lawInForceAlerts: z.boolean().optional(),
});
export type UpdateAlertPreferences = z.infer<typeof updateAlertPreferencesSchema>;

// ── phone number and channel switches ──────────────────────────────────────

/** PUT /api/auth/user/phone-settings: any subset. */
export const updatePhoneSettingsSchema = z.object({
  phoneNumber: z.string().max(40).nullable().optional(),
  emailNotificationsEnabled: z.boolean().optional(),
  smsNotificationsEnabled: z.boolean().optional(),
  emailNewsAlertsEnabled: z.boolean().optional(),
  smsAlertsEnabled: z.boolean().optional(),
});
export type UpdatePhoneSettings = z.infer<typeof updatePhoneSettingsSchema>;

export const phoneSettingsSchema = z.object({
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  emailNotificationsEnabled: z.boolean(),
  smsNotificationsEnabled: z.boolean(),
  emailNewsAlertsEnabled: z.boolean(),
  smsAlertsEnabled: z.boolean(),
});
export type PhoneSettings = z.infer<typeof phoneSettingsSchema>;

/** POST …/send-verification and …/send-phone-verification. The number is checked by the server. */
export const sendPhoneCodeSchema = z.object({ phoneNumber: z.string().max(40) });
export type SendPhoneCode = z.infer<typeof sendPhoneCodeSchema>;

export const phoneCodeSentSchema = z.object({
  message: z.string(),
  phoneNumber: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/** POST …/verify-phone: the 6-digit code. */
export const verifyPhoneSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(PHONE_CODE_LENGTH)
    .regex(/^[0-9]{6}$/),
});
export type VerifyPhone = z.infer<typeof verifyPhoneSchema>;

export const phoneVerifiedSchema = z.object({
  message: z.string(),
  phoneNumber: z.string(),
  phoneVerified: z.literal(true),
});
export type PhoneVerified = z.infer<typeof phoneVerifiedSchema>;

/** GET/POST /api/unsubscribe answer for API callers (browsers get a small HTML page). */
export const unsubscribedSchema = z.object({ unsubscribed: z.literal(true), channel: z.literal('email') });
