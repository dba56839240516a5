/**
 * Contracts of /settings: legislation types, the member's settings and account management
 * (spec document 1 sections 3, 4, 7 and 8). Each schema is exported beside its inferred type.
 */
import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { LEGISLATION_TYPES } from '../legislation';
import { byPreferenceCodes, PREFERENCE_KEYS, preferenceCodeOf } from '../legislation-preferences';

const TYPE_CODES = LEGISLATION_TYPES.map((t) => t.code) as [string, ...string[]];
export const legislationTypeCodeSchema = z.enum(TYPE_CODES);

/**
 * The 16 switches under the spec's names (ukPublicGeneralActs, …) → on/off. GET answers all 16;
 * PUT takes any of them, by name or by short code (ukpga, …; an unknown key → 400), and the
 * service reads them by short code.
 */
export const legislationPreferencesSchema = z.record(z.enum(PREFERENCE_KEYS), z.boolean());
export type LegislationPreferences = Record<string, boolean>;
export const legislationPreferencesUpdateSchema = z
  .record(z.string(), z.boolean())
  .refine((v) => Object.keys(v).length > 0, 'Give at least one legislation type')
  .refine((v) => Object.keys(v).every((k) => preferenceCodeOf(k) !== undefined), {
    message: 'Unknown legislation type (use a name such as ukPublicGeneralActs, or its code ukpga)',
  })
  .transform(byPreferenceCodes);

/** GET /api/user/followed-legislation-counts: code → how many followed items of that type. */
export const followedCountsSchema = z.record(z.string(), z.number().int().min(0));

/** POST /api/user/dismiss-followed-by-types */
export const dismissByTypesSchema = z
  .object({ legislationTypes: z.array(legislationTypeCodeSchema).min(1).max(16) })
  .strict();
export const dismissByTypesResultSchema = z.object({ dismissed: z.number().int().min(0) });

/** GET /api/global/legislation-availability: code → available. */
export const globalAvailabilitySchema = z.record(z.string(), z.boolean());

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** PUT /api/user/settings */
export const userSettingsUpdateSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(100),
    lastName: z.string().trim().min(1, 'Last name is required').max(100),
    companyName: z.string().trim().max(200).nullable(),
    language: z.enum(LANGUAGE_CODES),
    timezone: z
      .string()
      .max(64)
      .refine(
        (v) => /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(v) && isTimeZone(v),
        'Use an IANA time zone such as Europe/London',
      ),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Give at least one setting');
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;

export const userSettingsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  language: z.string(),
  timezone: z.string(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

const password = z.string().min(1, 'Password is required').max(200);

export const changePasswordSchema = z
  .object({
    currentPassword: password,
    newPassword: z.string().min(8, 'Password must be at least 8 characters long').max(200),
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z
  .object({
    currentPassword: password,
    newEmail: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
  })
  .strict();
export type ChangeEmailRequest = z.infer<typeof changeEmailSchema>;

export const changeEmailVerifySchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  })
  .strict();

export const deleteAccountSchema = z.object({ password, confirmEmail: z.string().trim().max(254) }).strict();
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>;
