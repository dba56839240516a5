/** Contracts of the console's channel tests (email, SMS, webhooks: phases 2 and 3). */
import { z } from 'zod';

// ---------- Channel tests (Phase 2 / Phase 3) ----------

export const phase21BodySchema = z.object({ testEmail: z.string().trim().email().max(254) }).strict();
export const phase22BodySchema = z.object({ testPhoneNumber: z.string().trim().min(5).max(32) }).strict();
export const phase23BodySchema = z
  .object({ testUserId: z.union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,9}$/)]) })
  .strict();

export const channelTestResultSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  message: z.string(),
  /** the queued message or notification ids */
  ids: z.array(z.number()),
  metrics: z.record(z.string(), z.number()),
});
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

export const phase2ResultsSchema = z.object({
  success: z.boolean(),
  results: z.object({
    overallScore: z.number(),
    phase21: z.object({ deliveryRate: z.number(), totalSent: z.number().int() }),
    phase22: z.object({
      deliveryRate: z.number(),
      totalSent: z.number().int(),
      contentOptimizationScore: z.number(),
    }),
    phase23: z.object({ engagementRate: z.number(), totalShown: z.number().int() }),
    windowDays: z.number().int(),
  }),
});
export type Phase2Results = z.infer<typeof phase2ResultsSchema>;

export const phase3StatusSchema = z.object({
  channels: z.array(
    z.object({
      name: z.string(),
      kinds: z.array(z.string()),
      migrated: z.boolean(),
      queuedLast30Days: z.number().int(),
    }),
  ),
});
export type Phase3Status = z.infer<typeof phase3StatusSchema>;
/** The Phase 3 sends (news, legislative, verification) go to this address. */
export const phase3TestBodySchema = z.object({ testEmail: z.string().trim().email().max(254) }).strict();
