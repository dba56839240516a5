/**
 * Plans and payments. Webhooks are the source of truth: the browser only starts a checkout; the
 * member's plan moves when the provider's signed event says so. Every event is stored once by
 * its id, and an event older than the last one applied to a member changes nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Config } from '#server/config/config';
import type { Db, DbOrTx } from '#server/db/client';
import { billingEvents, payments, testCheckouts, users } from '#server/db/schema';
import { badRequest, conflict, notFound } from '#server/http/errors';
import { pickLanguage, type MessageLanguage } from '#server/messages/i18n';
import { PLANS, type SubscriptionTier } from '#shared/tiers';
import type { BillingInterval, CreateSubscriptionRequest } from '#shared/schemas/billing';
import { stripeFor, testMode, webhookSecret } from './stripe-client';

type PaidTier = Exclude<SubscriptionTier, 'trial'>;

export const priceOf = (tier: PaidTier, interval: BillingInterval): number =>
  interval === 'year' ? PLANS[tier].yearlyPrice! : PLANS[tier].monthlyPrice;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface BillingContext {
  db: Db;
  config: Config;
  appSecret: string;
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

/** Starts a subscription that waits for payment; answers the secret the payment form confirms. */
export async function createSubscription(
  ctx: BillingContext,
  userId: number,
  input: CreateSubscriptionRequest,
) {
  const [user] = await ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      tier: users.subscriptionTier,
      status: users.subscriptionStatus,
      customerId: users.billingCustomerId,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
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
    await ctx.db.insert(testCheckouts).values({
      userId,
      secretHash: hashSecret(secret),
      subscriptionId: `sub_test_${randomBytes(10).toString('hex')}`,
      tier: input.tier,
      interval: input.interval,
    });
    return { clientSecret: secret, testMode: true, publishableKey: null, ...answer };
  }

  const stripe = stripeFor(ctx.config);
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
    await ctx.db.update(users).set({ billingCustomerId: customerId }).where(eq(users.id, userId));
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

type SubscriptionObject = {
  id: string;
  customer: string | { id: string };
  status: string;
  metadata?: Record<string, string>;
  cancel_at?: number | null;
  current_period_end?: number;
  items?: { data?: { current_period_end?: number }[] };
};

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The member an event is about: by the provider's customer, else by the metadata we set. */
async function memberOf(tx: DbOrTx, customerId: string | null, metadata: Record<string, string> | undefined) {
  if (customerId) {
    const [byCustomer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.billingCustomerId, customerId));
    if (byCustomer) return byCustomer.id;
  }
  const fromMetadata = Number(metadata?.userId);
  if (Number.isSafeInteger(fromMetadata) && fromMetadata > 0) {
    const [row] = await tx
      .select({ id: users.id, customer: users.billingCustomerId })
      .from(users)
      .where(eq(users.id, fromMetadata));
    if (row && (!row.customer || row.customer === customerId)) return row.id;
  }
  return null;
}

async function applySubscription(tx: DbOrTx, event: Stripe.Event, sub: SubscriptionObject, deleted: boolean) {
  const customerId = idOf(sub.customer);
  const userId = await memberOf(tx, customerId, sub.metadata);
  if (!userId) return 'no_member';
  const eventAt = new Date(event.created * 1000);
  const [current] = await tx
    .select({ at: users.billingUpdatedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (current?.at && current.at > eventAt) return 'stale';
  const tier = (
    sub.metadata?.tier === 'basic' || sub.metadata?.tier === 'premium' ? sub.metadata.tier : null
  ) as PaidTier | null;
  const status = deleted ? 'canceled' : sub.status;
  const base = {
    billingCustomerId: customerId,
    billingSubscriptionId: sub.id,
    billingUpdatedAt: eventAt,
    cancelAt: date(sub.cancel_at),
    currentPeriodEnd: date(sub.current_period_end ?? sub.items?.data?.[0]?.current_period_end),
    updatedAt: new Date(),
  };
  if ((status === 'active' || status === 'trialing') && tier)
    await tx
      .update(users)
      .set({
        ...base,
        subscriptionTier: tier,
        subscriptionStatus: 'active',
        billingInterval: sub.metadata?.interval ?? null,
      })
      .where(eq(users.id, userId));
  else if (status === 'past_due' || status === 'unpaid')
    await tx
      .update(users)
      .set({ ...base, subscriptionStatus: 'past_due' })
      .where(eq(users.id, userId));
  else if (status === 'canceled' || status === 'incomplete_expired')
    await tx
      .update(users)
      .set({ ...base, subscriptionTier: 'trial', subscriptionStatus: 'canceled', cancelAt: null })
      .where(eq(users.id, userId));
  // 'incomplete' (waiting for the first payment or 3-D Secure): the plan does not change yet
  return 'applied';
}

type InvoiceObject = {
  id: string;
  customer: string | { id: string } | null;
  amount_paid?: number;
  amount_due?: number;
  currency?: string;
  hosted_invoice_url?: string | null;
  status_transitions?: { paid_at?: number | null };
  metadata?: Record<string, string>;
  parent?: { subscription_details?: { metadata?: Record<string, string> } } | null;
  lines?: { data?: { description?: string | null }[] };
};

async function recordInvoice(tx: DbOrTx, invoice: InvoiceObject, paid: boolean, test: boolean) {
  const customerId = idOf(invoice.customer);
  const metadata = invoice.parent?.subscription_details?.metadata ?? invoice.metadata;
  const userId = await memberOf(tx, customerId, metadata);
  await tx
    .insert(payments)
    .values({
      userId,
      providerInvoiceId: invoice.id,
      providerCustomerId: customerId,
      amountPence: paid ? (invoice.amount_paid ?? 0) : (invoice.amount_due ?? 0),
      currency: invoice.currency ?? 'gbp',
      status: paid ? 'paid' : 'failed',
      tier: metadata?.tier ?? null,
      interval: metadata?.interval ?? null,
      description: invoice.lines?.data?.[0]?.description ?? null,
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      testMode: String(test),
      paidAt: paid ? (date(invoice.status_transitions?.paid_at) ?? new Date()) : null,
    })
    .onConflictDoUpdate({
      target: payments.providerInvoiceId,
      set: {
        status: sql`case when ${payments.status} = 'paid' then 'paid' else excluded.status end`,
        paidAt: sql`coalesce(${payments.paidAt}, excluded.paid_at)`,
      },
    });
}

/**
 * POST /api/stripe/webhook: verifies the signature on the raw body, stores the event id once and
 * applies it. Answers what happened ('duplicate' for an event already seen).
 */
export async function handleWebhook(
  ctx: BillingContext,
  rawBody: Buffer | string,
  signature: string | undefined,
) {
  const secret = webhookSecret(ctx.config, ctx.appSecret);
  if (!secret)
    throw badRequest(
      'Webhooks are not configured (STRIPE_WEBHOOK_SECRET).',
      undefined,
      'webhook_not_configured',
    );
  if (!signature) throw badRequest('Missing Stripe-Signature header', undefined, 'invalid_signature');
  let event: Stripe.Event;
  try {
    event = stripeFor(ctx.config).webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw badRequest('The webhook signature could not be verified', undefined, 'invalid_signature');
  }
  const test = testMode(ctx.config);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, eventCreatedAt: new Date(event.created * 1000) })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!inserted.length) return { received: true, outcome: 'duplicate' };
    const object = event.data.object as unknown;
    let outcome = 'ignored';
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        outcome = await applySubscription(tx, event, object as SubscriptionObject, false);
        break;
      case 'customer.subscription.deleted':
        outcome = await applySubscription(tx, event, object as SubscriptionObject, true);
        break;
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        await recordInvoice(tx, object as InvoiceObject, true, test);
        outcome = 'applied';
        break;
      case 'invoice.payment_failed':
        await recordInvoice(tx, object as InvoiceObject, false, test);
        outcome = 'applied';
        break;
    }
    return { received: true, outcome };
  });
}

/**
 * The embedded test mode's "payment": the checkout's secret is exchanged for the same events a
 * provider would send, signed locally and fed to the same webhook handler.
 */
export async function confirmTestCheckout(ctx: BillingContext, userId: number, clientSecret: string) {
  if (!testMode(ctx.config)) throw notFound('Not found', 'not_found');
  const [checkout] = await ctx.db
    .update(testCheckouts)
    .set({ confirmedAt: new Date() })
    .where(
      and(
        eq(testCheckouts.secretHash, hashSecret(clientSecret)),
        eq(testCheckouts.userId, userId),
        isNull(testCheckouts.confirmedAt),
      ),
    )
    .returning();
  if (!checkout)
    throw badRequest('This checkout is not valid or was already completed.', undefined, 'invalid_checkout');
  const tier = checkout.tier as PaidTier;
  const interval = checkout.interval as BillingInterval;
  const customer = `cus_test_${userId}`;
  await ctx.db
    .update(users)
    .set({ billingCustomerId: customer })
    .where(and(eq(users.id, userId), isNull(users.billingCustomerId)));
  const now = Math.floor(Date.now() / 1000);
  const periodEnd = new Date();
  periodEnd.setUTCMonth(periodEnd.getUTCMonth() + (interval === 'year' ? 12 : 1));
  const metadata = { userId: String(userId), tier, interval };
  const events = [
    {
      id: `evt_test_${randomBytes(10).toString('hex')}`,
      object: 'event',
      type: 'invoice.paid',
      created: now,
      data: {
        object: {
          id: `in_test_${randomBytes(10).toString('hex')}`,
          object: 'invoice',
          customer,
          amount_paid: priceOf(tier, interval),
          currency: 'gbp',
          hosted_invoice_url: null,
          status_transitions: { paid_at: now },
          parent: { subscription_details: { metadata } },
          lines: {
            data: [
              { description: `Lexwatch ${PLANS[tier].name} (${interval}ly) — test mode, no payment taken` },
            ],
          },
        },
      },
    },
    {
      id: `evt_test_${randomBytes(10).toString('hex')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: now,
      data: {
        object: {
          id: checkout.subscriptionId,
          object: 'subscription',
          customer,
          status: 'active',
          metadata,
          cancel_at: null,
          items: { data: [{ current_period_end: Math.floor(periodEnd.getTime() / 1000) }] },
        },
      },
    },
  ];
  const stripe = stripeFor(ctx.config);
  const secret = webhookSecret(ctx.config, ctx.appSecret)!;
  for (const event of events) {
    const payload = JSON.stringify(event);
    await handleWebhook(ctx, payload, stripe.webhooks.generateTestHeaderString({ payload, secret }));
  }
  return { message: 'Test payment confirmed: no money was taken.', tier };
}

/** Cancels at the end of the minimum term or the current period, whichever is later. */
export async function cancelSubscription(ctx: BillingContext, userId: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.subscriptionStatus !== 'active' || !user.billingSubscriptionId)
    throw badRequest('You have no active plan to cancel.', undefined, 'no_active_plan');
  const [first] = await ctx.db
    .select({ paidAt: payments.paidAt, createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')))
    .orderBy(payments.createdAt)
    .limit(1);
  const minimumEnd = new Date(first?.paidAt ?? first?.createdAt ?? new Date());
  minimumEnd.setUTCMonth(minimumEnd.getUTCMonth() + (PLANS[user.subscriptionTier].minimumTermMonths ?? 0));
  const periodEnd = user.currentPeriodEnd ?? new Date();
  const cancelAt = minimumEnd > periodEnd ? minimumEnd : periodEnd;
  if (!testMode(ctx.config))
    await stripeFor(ctx.config).subscriptions.update(user.billingSubscriptionId, {
      cancel_at: Math.floor(cancelAt.getTime() / 1000),
    });
  await ctx.db.update(users).set({ cancelAt, updatedAt: new Date() }).where(eq(users.id, userId));
  return {
    message: 'Your plan will end on the date shown; you keep it until then.',
    cancelAt: cancelAt.toISOString(),
  };
}

export async function listPayments(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(100);
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
