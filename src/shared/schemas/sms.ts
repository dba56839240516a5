/**
 * SMS cost and abuse controls as the administrator sees them (GET /api/admin/sms-budget):
 * today's spend against the daily budget, where texts may go, and how many phone verifications
 * were never completed.
 */
import { z } from 'zod';

export const smsBudgetReportSchema = z.object({
  /** the London calendar day, YYYY-MM-DD */
  day: z.string(),
  budgetPence: z.number().min(0),
  unitPricePence: z.number().min(0),
  sentToday: z.number().int().min(0),
  /** claimed by a sender and not finished yet */
  sending: z.number().int().min(0),
  spentPence: z.number().min(0),
  /** texts that may still leave today; null when texts cost nothing */
  remainingTexts: z.number().int().min(0).nullable(),
  /** true while the breaker holds texts back */
  exhausted: z.boolean(),
  /** when the next day's budget starts (ISO 8601) */
  resetsAt: z.string(),
  /** calling codes texts may go to, e.g. ['+44'] */
  allowedCountryCodes: z.array(z.string()),
  /** verification codes of the last 24 hours */
  verification: z.object({
    codesSent: z.number().int().min(0),
    verified: z.number().int().min(0),
    /** share of codes never used to verify a number (0–1); null when none were sent */
    neverCompletedRatio: z.number().min(0).max(1).nullable(),
  }),
});
export type SmsBudgetReport = z.infer<typeof smsBudgetReportSchema>;
