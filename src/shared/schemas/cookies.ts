/**
 * Cookie consent contracts (spec document 1 §3 Cookie preferences, §7 Cookies): the member's
 * current choice, and the PUT that records a new one.
 */
import { z } from 'zod';

/**
 * The version of the cookie and privacy policies a consent was given under. Raise it when the
 * policies change what is stored: every visitor and member is then asked again.
 */
export const COOKIE_POLICY_VERSION = '2026-11-25';

/** A consent is asked for again after this long (the preferences cookie duration: 12 months). */
export const CONSENT_VALID_DAYS = 365;

export const OPTIONAL_COOKIE_CATEGORIES = ['analytics', 'functional', 'marketing'] as const;
export type OptionalCookieCategory = (typeof OPTIONAL_COOKIE_CATEGORIES)[number];

/** GET /api/user/cookie-preferences: `consentDate` and `policyVersion` are null until a first choice. */
export const cookiePreferencesSchema = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  functional: z.boolean(),
  marketing: z.boolean(),
  consentDate: z.string().nullable(),
  policyVersion: z.string().nullable(),
});
export type CookiePreferences = z.infer<typeof cookiePreferencesSchema>;

/** PUT /api/user/cookie-preferences: `necessary` may be sent but is always stored as true. */
export const updateCookiePreferencesSchema = z.object({
  necessary: z.boolean().optional(),
  analytics: z.boolean(),
  functional: z.boolean(),
  marketing: z.boolean(),
});
export type UpdateCookiePreferences = z.infer<typeof updateCookiePreferencesSchema>;
