/**
 * The embedded test mode's checkout: no provider, no money; the member's confirmation becomes
 * the same signed events a provider would send.
 */
import { randomBytes } from 'node:crypto';
import { badRequest, notFound } from '#server/http/errors';
import { SEAT_MONTHLY_PRICE, SEAT_PRICE_LOOKUP_KEY } from '#shared/orgs';
import { PLANS } from '#shared/tiers';
import type { BillingInterval } from '#shared/schemas/billing';
import { confirmTestCheckoutRow, setCustomerIfNone } from './billing.queries';
import { hashSecret, priceOf, type BillingContext, type PaidTier } from './billing.service';
import { handleWebhook } from './billing-webhooks.service';
import { testMode, webhookSecret } from './stripe-client';

/**
 * The embedded test mode's "payment": the checkout's secret is exchanged for the same events a
 * provider would send, signed locally and fed to the same webhook handler.
 */
export async function confirmTestCheckout(ctx: BillingContext, userId: number, clientSecret: string) {
  if (!testMode(ctx.config)) throw notFound('Not found', 'not_found');
  const checkout = await confirmTestCheckoutRow(ctx.db, { userId, secretHash: hashSecret(clientSecret) });
  if (!checkout)
    throw badRequest('This checkout is not valid or was already completed.', undefined, 'invalid_checkout');
  if (checkout.tier === SEATS_CHECKOUT) return confirmSeats(ctx, userId, checkout);
  const tier = checkout.tier as PaidTier;
  const interval = checkout.interval as BillingInterval;
  const customer = `cus_test_${userId}`;
  await setCustomerIfNone(ctx.db, { userId, customerId: customer });
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
  const stripe = ctx.stripe;
  const secret = webhookSecret(ctx.config, ctx.appSecret)!;
  for (const event of events) {
    const payload = JSON.stringify(event);
    await handleWebhook(ctx, payload, stripe.webhooks.generateTestHeaderString({ payload, secret }));
  }
  return { message: 'Test payment confirmed: no money was taken.', tier };
}

/** A test checkout of seats for the member's organisation (`tier` 'seats'). */
export const SEATS_CHECKOUT = 'seats';

/**
 * Seats bought in test mode: the subscription's seat item gets its new quantity, as the
 * provider's `customer.subscription.updated` would say, with a receipt for the added seats.
 */
async function confirmSeats(
  ctx: BillingContext,
  userId: number,
  checkout: { interval: string; subscriptionId: string; seatQuantity: number | null },
) {
  const customer = `cus_test_${userId}`;
  await setCustomerIfNone(ctx.db, { userId, customerId: customer });
  const now = Math.floor(Date.now() / 1000);
  const periodEnd = now + (checkout.interval === 'year' ? 365 : 31) * 86_400;
  const metadata = { userId: String(userId), tier: 'premium', interval: checkout.interval };
  const quantity = checkout.seatQuantity ?? 0;
  const event = (type: string, object: unknown) => ({
    id: `evt_test_${randomBytes(10).toString('hex')}`,
    object: 'event',
    type,
    created: now,
    data: { object },
  });
  const events = [
    event('invoice.paid', {
      id: `in_test_${randomBytes(10).toString('hex')}`,
      object: 'invoice',
      customer,
      amount_paid: SEAT_MONTHLY_PRICE * quantity,
      currency: 'gbp',
      hosted_invoice_url: null,
      status_transitions: { paid_at: now },
      parent: { subscription_details: { metadata } },
      lines: { data: [{ description: `Lexwatch seats × ${quantity} — test mode, no payment taken` }] },
    }),
    event('customer.subscription.updated', {
      id: checkout.subscriptionId,
      object: 'subscription',
      customer,
      status: 'active',
      metadata,
      cancel_at: null,
      items: {
        data: [
          {
            current_period_end: periodEnd,
            quantity: 1,
            price: { lookup_key: `lexwatch_premium_${checkout.interval}` },
          },
          { current_period_end: periodEnd, quantity, price: { lookup_key: SEAT_PRICE_LOOKUP_KEY } },
        ],
      },
    }),
  ];
  const secret = webhookSecret(ctx.config, ctx.appSecret)!;
  for (const e of events) {
    const payload = JSON.stringify(e);
    await handleWebhook(ctx, payload, ctx.stripe.webhooks.generateTestHeaderString({ payload, secret }));
  }
  return { message: 'Test payment confirmed: no money was taken.', tier: 'premium' as const };
}
