/**
 * Contracts of the console's diagnostics (spec document 2 §7): test-notification-service,
 * test-direct-sms, test-unified-news-notifications, test-phase-3-3, test-real-news-flow and
 * test-sync-alerts-sentencing-bill. Each answers the steps it ran and how each went.
 */
import { z } from 'zod';
import { emailSchema } from './auth';

export const diagnosticEmailBodySchema = z.object({ testEmail: emailSchema }).strict();
export const diagnosticSmsBodySchema = z
  .object({ testPhoneNumber: z.string().trim().min(5).max(32) })
  .strict();

export const diagnosticStepSchema = z.object({
  /** what was done, e.g. 'queue', 'deliver', 'find-item' */
  step: z.string(),
  ok: z.boolean(),
  /** what happened, in plain words */
  detail: z.string(),
});
export type DiagnosticStep = z.infer<typeof diagnosticStepSchema>;

export const diagnosticResultSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  message: z.string(),
  steps: z.array(diagnosticStepSchema),
  /** the outbox messages it queued */
  ids: z.array(z.number()),
});
export type DiagnosticResult = z.infer<typeof diagnosticResultSchema>;
