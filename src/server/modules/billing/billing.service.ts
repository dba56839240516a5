/**
 * Plans and payments. Webhooks are the source of truth: the browser only starts a checkout; the
 * member's plan moves when the provider's signed event says so (billing-webhooks.service.ts).
 * Here: starting a checkout, cancelling, the member's payments and plan status.
 */
import { createHash, randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { paymentsMode, type Config } from '#server/config/config';
import type { Db, DbOrTx } from '#server/db/client';
import { badRequest, conflict, notFound, serviceUnavailable } from '#server/http/errors';
import { pickLanguage, type MessageLanguage } from '#server/messages/i18n';
import { PLANS, type SubscriptionTier } from '#shared/tiers';
import type { BillingInterval, CreateSubscriptionRequest } from '#shared/schemas/billing';
import {
  billingStatusOf,
  cancellableSubscription,
  checkoutMember,
  firstPaidPayment,
  insertTestCheckout,
  paymentsOf,
  updateMemberBilling,
} from './billing.queries';
import { testMode } from './stripe-client';

export type PaidTier = Exclude<SubscriptionTier, 'trial'>;

export const priceOf = (tier: PaidTier, interval: BillingInterval): number =>
  interval === 'year' ? PLANS[tier].yearlyPrice! : PLANS[tier].monthlyPrice;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface BillingContext {
  db: Db;
  config: Config;
  appSecret: string;
  /** the app's Stripe client */
  stripe: Stripe;
}

async function priceId(stripe: Stripe, tier: PaidTier, interval: BillingInterval): Promise<string> {
  const lookupKey = `lexwatch_${tier}_${interval}`;
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const created = await stripe.prices.create({
    currency: 'gbp',
    unit_amount: priceOf(tier, interval),
    recurring: { interval },
    lookup_key: lookupKey,
    product_data: { name: `Lexwatch ${PLANS[tier].name}` },
  });
  return created.id;
}

/** The Stripe locale of a member's language (Stripe's `zh` is Simplified Chinese). */
const stripeLocale = (lang: MessageLanguage) => (lang === 'en' ? 'en-GB' : lang);

const paymentsNotConfigured = () =>
  serviceUnavailable(
    'Card payments are not configured on this service, so plans cannot be bought here yet.',
    'payments_not_configured',
  );

/** Starts a subscription that waits for payment; answers the secret the payment form confirms. */
export async function createSubscription(
  ctx: BillingContext,
  userId: number,
  input: CreateSubscriptionRequest,
) {
  if (paymentsMode(ctx.config) === 'not_configured') throw paymentsNotConfigured();
  const user = await checkoutMember(ctx.db, { userId });
  if (!user) throw notFound('Member not found', 'user_not_found').localized('errors.memberNotFound');
  if (user.status === 'active' && (user.tier === 'premium' || user.tier === input.tier))
    throw conflict('You already have this plan.', 'already_subscribed');
  const metadata = { userId: String(userId), tier: input.tier, interval: input.interval };
  const answer = {
    amountPence: priceOf(input.tier, input.interval),
    tier: input.tier,
    interval: input.interval,
  };

  if (testMode(ctx.config)) {
    const secret = `pi_test_${randomBytes(12).toString('hex')}_secret_${randomBytes(12).toString('hex')}`;
    await insertTestCheckout(ctx.db, {
      userId,
      secretHash: hashSecret(secret),
      subscriptionId: `sub_test_${randomBytes(10).toString('hex')}`,
      tier: input.tier,
      interval: input.interval,
    });
    return { clientSecret: secret, testMode: true, publishableKey: null, ...answer };
  }

  const stripe = ctx.stripe;
  let customerId = user.customerId;
  if (!customerId) {
    const customer = await stripe.customers.create(
      {
        email: user.email,
        name: `${user.firstName} ${user.lastName}`,
        metadata: { userId: String(userId) },
        // Stripe's receipts and invoice emails in the member's language (British English by default)
        preferred_locales: [stripeLocale(pickLanguage(user.language))],
      },
      { idempotencyKey: `customer-${userId}` },
    );
    customerId = customer.id;
    await updateMemberBilling(ctx.db, { userId, values: { billingCustomerId: customerId } });
  }
  const subscription = await stripe.subscriptions.create({
    customer: customerId,
    items: [{ price: await priceId(stripe, input.tier, input.interval) }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
    metadata,
  });
  const invoice = subscription.latest_invoice as Stripe.Invoice | null;
  const clientSecret = invoice?.confirmation_secret?.client_secret;
  if (!clientSecret)
    throw badRequest('Failed to initialize subscription. Please try again.', undefined, 'no_client_secret');
  return {
    clientSecret,
    testMode: false,
    publishableKey: ctx.config.STRIPE_PUBLISHABLE_KEY ?? null,
    ...answer,
  };
}

/** Cancels at the end of the minimum term or the current period, whichever is later. */
export async function cancelSubscription(ctx: BillingContext, userId: number) {
  const user = await cancellableSubscription(ctx.db, { userId });
  if (!user || user.status !== 'active' || !user.subscriptionId)
    throw badRequest('You have no active plan to cancel.', undefined, 'no_active_plan');
  const first = await firstPaidPayment(ctx.db, { userId });
  const minimumEnd = new Date(first?.paidAt ?? first?.createdAt ?? new Date());
  minimumEnd.setUTCMonth(minimumEnd.getUTCMonth() + (PLANS[user.tier].minimumTermMonths ?? 0));
  const periodEnd = user.currentPeriodEnd ?? new Date();
  const cancelAt = minimumEnd > periodEnd ? minimumEnd : periodEnd;
  const mode = paymentsMode(ctx.config);
  // a provider's subscription can only be cancelled at the provider
  if (mode === 'not_configured' && !user.subscriptionId.startsWith('sub_test_'))
    throw paymentsNotConfigured();
  if (mode === 'stripe')
    await ctx.stripe.subscriptions.update(user.subscriptionId, {
      cancel_at: Math.floor(cancelAt.getTime() / 1000),
    });
  await updateMemberBilling(ctx.db, { userId, values: { cancelAt, updatedAt: new Date() } });
  return {
    message: 'Your plan will end on the date shown; you keep it until then.',
    cancelAt: cancelAt.toISOString(),
  };
}

export async function listPayments(db: DbOrTx, userId: number) {
  const rows = await paymentsOf(db, { userId, limit: 100 });
  return rows.map((r) => ({
    id: r.id,
    amountPence: r.amountPence,
    currency: r.currency,
    status: r.status,
    tier: r.tier,
    interval: r.interval,
    description: r.description,
    invoiceUrl: r.hostedInvoiceUrl,
    testMode: r.testMode === 'true',
    paidAt: r.paidAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** GET /api/billing/status: the member's plan, its period and whether payments are simulated. */
export async function billingStatus(ctx: BillingContext, userId: number) {
  const row = (await billingStatusOf(ctx.db, { userId }))!;
  return {
    tier: row.tier,
    status: row.status,
    interval: row.interval,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAt: row.cancelAt?.toISOString() ?? null,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    testMode: testMode(ctx.config),
    paymentsConfigured: paymentsMode(ctx.config) !== 'not_configured',
  };
}
