/**
 * The provider's webhook events, the source of truth of a member's plan: every event is stored
 * once by its id, and an event older than the last one applied to a member changes nothing.
 */
import type Stripe from 'stripe';
import type { DbOrTx } from '#server/db/client';
import { badRequest } from '#server/http/errors';
import { SEAT_PRICE_LOOKUP_KEY } from '#shared/orgs';
import {
  insertBillingEvent,
  lockBillingUpdatedAt,
  memberCustomer,
  memberIdByCustomer,
  updateMemberBilling,
  setPurchasedSeats,
  upsertPayment,
} from './billing.queries';
import type { BillingContext, PaidTier } from './billing.service';
import { testMode, webhookSecret } from './stripe-client';

type SubscriptionObject = {
  id: string;
  customer: string | { id: string };
  status: string;
  metadata?: Record<string, string>;
  cancel_at?: number | null;
  current_period_end?: number;
  items?: {
    data?: { current_period_end?: number; quantity?: number; price?: { lookup_key?: string | null } }[];
  };
};

/** Seats bought for the member's organisation: the quantity of the subscription's seat item. */
const seatsOf = (sub: SubscriptionObject) =>
  sub.items?.data?.find((i) => i.price?.lookup_key === SEAT_PRICE_LOOKUP_KEY)?.quantity ?? 0;

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The member an event is about: by the provider's customer, else by the metadata we set. */
async function memberOf(tx: DbOrTx, customerId: string | null, metadata: Record<string, string> | undefined) {
  if (customerId) {
    const byCustomer = await memberIdByCustomer(tx, { customerId });
    if (byCustomer !== null) return byCustomer;
  }
  const fromMetadata = Number(metadata?.userId);
  if (Number.isSafeInteger(fromMetadata) && fromMetadata > 0) {
    const row = await memberCustomer(tx, { userId: fromMetadata });
    if (row && (!row.customer || row.customer === customerId)) return row.id;
  }
  return null;
}

async function applySubscription(tx: DbOrTx, event: Stripe.Event, sub: SubscriptionObject, deleted: boolean) {
  const customerId = idOf(sub.customer);
  const userId = await memberOf(tx, customerId, sub.metadata);
  if (!userId) return 'no_member';
  const eventAt = new Date(event.created * 1000);
  const lastAt = await lockBillingUpdatedAt(tx, { userId });
  if (lastAt && lastAt > eventAt) return 'stale';
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
    await updateMemberBilling(tx, {
      userId,
      values: {
        ...base,
        subscriptionTier: tier,
        subscriptionStatus: 'active',
        billingInterval: sub.metadata?.interval ?? null,
      },
    });
  else if (status === 'past_due' || status === 'unpaid')
    await updateMemberBilling(tx, { userId, values: { ...base, subscriptionStatus: 'past_due' } });
  else if (status === 'canceled' || status === 'incomplete_expired')
    await updateMemberBilling(tx, {
      userId,
      values: { ...base, subscriptionTier: 'trial', subscriptionStatus: 'canceled', cancelAt: null },
    });
  // 'incomplete' (waiting for the first payment or 3-D Secure): the plan does not change yet
  const seatsHeld = ['active', 'trialing', 'past_due', 'unpaid'].includes(status);
  if (status !== 'incomplete') await setPurchasedSeats(tx, { userId, seats: seatsHeld ? seatsOf(sub) : 0 });
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
  await upsertPayment(tx, {
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
    event = ctx.stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw badRequest('The webhook signature could not be verified', undefined, 'invalid_signature');
  }
  const test = testMode(ctx.config);
  return ctx.db.transaction(async (tx) => {
    const first = await insertBillingEvent(tx, {
      id: event.id,
      type: event.type,
      eventCreatedAt: new Date(event.created * 1000),
    });
    if (!first) return { received: true, outcome: 'duplicate' };
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
