/** Contracts of plans and payments (spec document 1 sections 2, 7 and 8). */
import { z } from 'zod';
import { PAID_TIERS } from '../paid-tiers';
import { SUBSCRIPTION_TIERS } from '../tiers';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** POST /api/create-subscription; an empty body means Premium, monthly (the spec's old client). */
export const createSubscriptionSchema = z
  .object({
    tier: z.enum(PAID_TIERS).default('premium'),
    interval: z.enum(BILLING_INTERVALS).default('month'),
  })
  .strict();
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionSchema>;
/** The route's body: a call with no body at all (no content type, no length) is the default plan. */
export const createSubscriptionBodySchema = createSubscriptionSchema.nullish();

export const createSubscriptionResponseSchema = z.object({
  clientSecret: z.string(),
  /** true in the embedded test mode: no card is charged, no money moves */
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
  amountPence: z.number().int(),
  tier: z.enum(PAID_TIERS),
  interval: z.enum(BILLING_INTERVALS),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const testModeConfirmSchema = z.object({ clientSecret: z.string().min(10).max(200) }).strict();

export const paymentSchema = z.object({
  id: z.number().int(),
  amountPence: z.number().int(),
  currency: z.string(),
  status: z.string(),
  tier: z.string().nullable(),
  interval: z.string().nullable(),
  description: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  testMode: z.boolean(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export const invoicesResponseSchema = z.object({ payments: z.array(paymentSchema) });
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

export const billingStatusSchema = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  status: z.string(),
  interval: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAt: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  testMode: z.boolean(),
  /** false when neither Stripe keys nor the test checkout are set up: no plan can be bought */
  paymentsConfigured: z.boolean(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;
