/**
 * Authentication contracts: member sign-in, registration, email verification, password reset,
 * administrator sign-in and the current-user answer (spec document 1 §3, §5, §7; document 2 §2.3, §2.5).
 *
 * No schema here carries a custom message: the server answers with zod's default wording in
 * `error.details`, and the client supplies translated messages through its own error map.
 */
import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { ORG_ROLES } from '../orgs';
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '../tiers';

import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_PATTERN,
} from '../auth-limits';

export {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  VERIFICATION_CODE_LENGTH,
};

export const subscriptionTierSchema = z.enum(SUBSCRIPTION_TIERS);
export type { SubscriptionTier };

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Required, at most 254 characters, email shaped. Surrounding spaces are removed. */
export const emailSchema = z
  .string()
  .trim()
  .min(1)
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ pattern: EMAIL_PATTERN }));

/** A new password: 8–256 characters, no composition rules. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** A first or last name: 1–100 characters after trimming. */
export const personNameSchema = z.string().trim().min(1).max(NAME_MAX_LENGTH);

/** Exactly six digits. */
export const verificationCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(VERIFICATION_CODE_LENGTH)
  .regex(VERIFICATION_CODE_PATTERN);

// ── member sign-in ─────────────────────────────────────────────────────────

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  /** Keep the session for 30 days on this browser. */
  keepLoggedIn: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

// ── registration and email verification ────────────────────────────────────

export const registerRequestSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  /**
   * The language the form is shown in: the sign-up code is written in it and the new account
   * keeps it (else the request's Accept-Language).
   */
  language: z.enum(LANGUAGE_CODES).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const verifyEmailRequestSchema = z.object({
  tempUserId: z.uuid(),
  verificationCode: verificationCodeSchema,
  /** the new account's language (else the request's Accept-Language) */
  language: z.enum(LANGUAGE_CODES).optional(),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

export const resendCodeRequestSchema = z.object({
  tempUserId: z.uuid(),
  /** the language of the new code's email (else the request's Accept-Language) */
  language: z.enum(LANGUAGE_CODES).optional(),
});
export type ResendCodeRequest = z.infer<typeof resendCodeRequestSchema>;

// ── password reset ─────────────────────────────────────────────────────────

export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(512),
  newPassword: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

// ── administrator ──────────────────────────────────────────────────────────

/**
 * `{ password }` signs in the built-in owner; a named administrator sends their email, password
 * and a TOTP code (or one of their recovery codes) in `totp`.
 */
export const adminLoginRequestSchema = z
  .object({
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    email: emailSchema.optional(),
    totp: z.string().trim().min(6).max(32).optional(),
  })
  .refine((body) => body.email === undefined || body.totp !== undefined, {
    path: ['totp'],
    message: 'Required',
  });
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

// ── answers ────────────────────────────────────────────────────────────────

/** GET /api/auth/user. Timestamps are ISO 8601 strings. */
export const currentUserSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  subscriptionTier: subscriptionTierSchema,
  subscriptionStatus: subscriptionStatusSchema,
  trialEndsAt: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  emailVerified: z.boolean(),
  emailNotificationsEnabled: z.boolean(),
  smsNotificationsEnabled: z.boolean(),
  emailNewsAlertsEnabled: z.boolean(),
  smsAlertsEnabled: z.boolean(),
  /** interface and message language (one of the 12 codes) */
  language: z.string(),
  /** IANA time zone for digests and dates */
  timezone: z.string(),
  createdAt: z.string(),
  /** the organisation the member belongs to (at most one), and their role in it */
  organization: z.object({ id: z.number().int().positive(), role: z.enum(ORG_ROLES) }).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * POST /api/auth/login and POST /api/auth/verify-email. The credential is the HttpOnly session
 * cookie the server sets; `sessionToken` is returned for API clients that send it as a bearer token.
 */
export const sessionResponseSchema = z.object({
  sessionToken: z.string(),
  message: z.string().optional(),
  user: currentUserSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export const loginResponseSchema = sessionResponseSchema;
export type LoginResponse = SessionResponse;
export const verifyEmailResponseSchema = sessionResponseSchema;
export type VerifyEmailResponse = SessionResponse;

/** POST /api/auth/register: a pending registration waiting for its emailed code. */
export const registerResponseSchema = z.object({
  requiresVerification: z.literal(true),
  tempUserId: z.uuid(),
  message: z.string().optional(),
  /** true when the server sends no email (no SMTP_URL): the code waits in the admin outbox */
  emailKeptInOutbox: z.boolean().optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST /api/auth/forgot-password, /resend-code, /reset-password, /logout. */
export const authMessageResponseSchema = z.object({ message: z.string() });
export type AuthMessageResponse = z.infer<typeof authMessageResponseSchema>;

/** POST /api/admin/login. */
export const adminLoginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

// ── sessions, sign-in redirect and administrator answers (server side of accounts) ──

/** One of the member's own sessions (GET /api/auth/sessions). */
export const memberSessionSchema = z.object({
  id: z.uuid(),
  /** the session this request came with */
  current: z.boolean(),
  keepLoggedIn: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;
export const memberSessionsResponseSchema = z.object({ sessions: z.array(memberSessionSchema) });
export type MemberSessionsResponse = z.infer<typeof memberSessionsResponseSchema>;

/** DELETE /api/auth/sessions/:id */
export const sessionIdParamsSchema = z.object({ id: z.uuid() });

/** GET /api/login?redirect=/path: a target that is not a same-origin path is dropped, never an error. */
export const loginRedirectQuerySchema = z.object({
  redirect: z.string().max(2048).optional().catch(undefined),
});

/** GET /api/admin/system-stats; `uptime` in seconds, `lastSync` ISO 8601 or null. */
export const adminSystemStatsSchema = z.object({
  userCount: z.number().int().min(0),
  newUsersToday: z.number().int().min(0),
  legislationCount: z.number().int().min(0),
  lastSync: z.string().nullable(),
  notificationsSentToday: z.number().int().min(0),
  uptime: z.number().int().min(0),
});
export type AdminSystemStats = z.infer<typeof adminSystemStatsSchema>;
