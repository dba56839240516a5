/**
 * Buying seats (owners): the seat item's quantity on the owner's subscription grows by `add`
 * (a per-seat monthly price). With Stripe the subscription is updated and the proration invoice
 * is confirmed like a checkout; in test mode a checkout is confirmed through
 * POST /api/billing/test-mode/confirm. Either way `seats.purchased` follows the webhook.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { paymentsMode } from '#server/config/config';
import { conflict, serviceUnavailable } from '#server/http/errors';
import {
  billingStatusOf,
  cancellableSubscription,
  insertTestCheckout,
} from '#server/modules/billing/billing.queries';
import { hashSecret } from '#server/modules/billing/billing.service';
import { SEATS_CHECKOUT } from '#server/modules/billing/test-checkout.service';
import { SEAT_MONTHLY_PRICE, SEAT_PRICE_LOOKUP_KEY } from '#shared/orgs';
import { requireRole, type OrgContext } from './access';
import { orgById, recordActivity } from './orgs.queries';

async function seatPriceId(stripe: Stripe): Promise<string> {
  const found = await stripe.prices.list({ lookup_keys: [SEAT_PRICE_LOOKUP_KEY], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const created = await stripe.prices.create({
    currency: 'gbp',
    unit_amount: SEAT_MONTHLY_PRICE,
    recurring: { interval: 'month' },
    lookup_key: SEAT_PRICE_LOOKUP_KEY,
    product_data: { name: 'Lexwatch team seat' },
  });
  return created.id;
}

export async function buySeats(ctx: OrgContext, stripe: Stripe, userId: number, orgId: number, add: number) {
  await requireRole(ctx.db, orgId, userId, 'buySeats');
  const mode = paymentsMode(ctx.config);
  if (mode === 'not_configured')
    throw serviceUnavailable(
      'Card payments are not configured on this service, so seats cannot be bought here yet.',
      'payments_not_configured',
    );
  const org = (await orgById(ctx.db, { orgId }))!;
  const payer = org.billingUserId ?? userId;
  const [subscription, status] = await Promise.all([
    cancellableSubscription(ctx.db, { userId: payer }),
    billingStatusOf(ctx.db, { userId: payer }),
  ]);
  const quantity = org.purchasedSeats + add;
  await recordActivity(ctx.db, {
    orgId,
    actorUserId: userId,
    action: 'seats_requested',
    details: { add, quantity },
  });

  if (mode === 'test') {
    const secret = `pi_test_${randomBytes(12).toString('hex')}_secret_${randomBytes(12).toString('hex')}`;
    await insertTestCheckout(ctx.db, {
      userId: payer,
      secretHash: hashSecret(secret),
      subscriptionId: subscription?.subscriptionId ?? `sub_test_${randomBytes(10).toString('hex')}`,
      tier: SEATS_CHECKOUT,
      interval: status?.interval ?? 'month',
      seatQuantity: quantity,
    });
    return { clientSecret: secret, testMode: true, publishableKey: null, quantity };
  }

  if (!subscription?.subscriptionId || subscription.status !== 'active')
    throw conflict('Seats are added to an active Premium subscription.', 'no_subscription');
  const current = await stripe.subscriptions.retrieve(subscription.subscriptionId);
  const seatItem = current.items.data.find((i) => i.price.lookup_key === SEAT_PRICE_LOOKUP_KEY);
  const updated = await stripe.subscriptions.update(subscription.subscriptionId, {
    items: [seatItem ? { id: seatItem.id, quantity } : { price: await seatPriceId(stripe), quantity }],
    proration_behavior: 'always_invoice',
    payment_behavior: 'pending_if_incomplete',
    expand: ['latest_invoice.confirmation_secret'],
  });
  const invoice = updated.latest_invoice as Stripe.Invoice | null;
  return {
    clientSecret: invoice?.status === 'paid' ? null : (invoice?.confirmation_secret?.client_secret ?? null),
    testMode: false,
    publishableKey: ctx.config.STRIPE_PUBLISHABLE_KEY ?? null,
    quantity,
  };
}
