/**
 * Contracts of the named administrators: invites, accepting one, the TOTP second factor and
 * the list the owner manages (POST/GET /api/admin/admins, DELETE /api/admin/admins/{id}).
 */
import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth';
import { MAX_INT_ID } from './common';
import { iso } from './admin-fields';
import { ADMIN_INVITE_TOKEN_PATTERN, TOTP_CODE_PATTERN } from '../admin-admins';

export const adminInviteRequestSchema = z.object({ email: emailSchema }).strict();
export type AdminInviteRequest = z.infer<typeof adminInviteRequestSchema>;

export const adminAcceptRequestSchema = z
  .object({ token: z.string().regex(ADMIN_INVITE_TOKEN_PATTERN), password: newPasswordSchema })
  .strict();
export type AdminAcceptRequest = z.infer<typeof adminAcceptRequestSchema>;

export const totpSetupResponseSchema = z.object({ otpauthUrl: z.string(), secret: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpVerifyRequestSchema = z
  .object({ code: z.string().trim().regex(TOTP_CODE_PATTERN) })
  .strict();
export const totpVerifyResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpVerifyResponse = z.infer<typeof totpVerifyResponseSchema>;

export const ADMIN_STATUSES = ['invited', 'enrolling', 'active'] as const;

export const adminSummarySchema = z.object({
  id: z.number().int(),
  /** null for the built-in owner */
  email: z.string().nullable(),
  owner: z.boolean(),
  status: z.enum(ADMIN_STATUSES),
  createdAt: iso,
  acceptedAt: iso.nullable(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;
export const adminListSchema = z.object({ admins: z.array(adminSummarySchema) });
export type AdminList = z.infer<typeof adminListSchema>;

/** GET /api/admin/me: who this session belongs to. */
export const adminMeSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  owner: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

export const adminIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_INT_ID),
});

export const adminInviteResponseSchema = z.object({ admin: adminSummarySchema, message: z.string() });
export const adminRemoveResponseSchema = z.object({ message: z.string(), sessionsEnded: z.number().int() });
