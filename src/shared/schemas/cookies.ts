/**
 * Cookie consent contracts (spec document 1 §3 Cookie preferences, §7 Cookies): the member's
 * current choice, and the PUT that records a new one.
 */
import { z } from 'zod';

export { COOKIE_POLICY_VERSION } from '#shared/cookie-consent';

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
