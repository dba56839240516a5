/** Plans and payments with Stripe: the real SDK against a loopback fake of its API. */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { startStripeFake, type StripeFake } from '#test/support/stripe-fake';
import { postgresUnavailable } from '#test/support/test-database';

const WEBHOOK_SECRET = rememberSecret('whsec_test_lexwatch_webhook_secret');
const signer = new Stripe('sk_test_signer_only');

describe.skipIf(postgresUnavailable())('plans and payments', () => {
  describe('with Stripe (the real SDK against a loopback fake of its API)', () => {
    let t: TestApp;
    let stripe: StripeFake;
    beforeAll(async () => {
      stripe = await startStripeFake();
      t = await buildTestApp({
        env: {
          STRIPE_SECRET_KEY: rememberSecret('sk_test_fake_key_for_tests'),
          STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_URL: stripe.url,
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      await stripe?.close();
    });

    const webhook = (event: object, secret = WEBHOOK_SECRET) => {
      const payload = JSON.stringify(event);
      return t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      });
    };
    let n = 0;
    const subscriptionEvent = (
      sub: { id: string; customer: string; metadata: Record<string, string> },
      status: string,
      created: number,
      type = 'customer.subscription.updated',
    ) => ({
      id: `evt_${++n}_${Date.now()}`,
      object: 'event',
      type,
      created,
      data: {
        object: {
          ...sub,
          object: 'subscription',
          status,
          cancel_at: null,
          items: { data: [{ current_period_end: created + 2_592_000 }] },
        },
      },
    });
    const tierOf = async (userId: number) =>
      (
        await t.db
          .select({ tier: users.subscriptionTier, status: users.subscriptionStatus })
          .from(users)
          .where(eq(users.id, userId))
      )[0];

    async function checkout(
      tier: 'basic' | 'premium' = 'premium',
      interval: 'month' | 'year' = 'month',
      language = 'en',
    ) {
      const member = await buildSignedInUser(t.db, { language });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-subscription',
        headers: member.headers,
        payload: { tier, interval },
      });
      expect(res.statusCode).toBe(200);
      const sub = [...stripe.subscriptions.values()].find(
        (s) => (s.metadata as Record<string, string>).userId === String(member.user.id),
      )!;
      return {
        member,
        answer: res.json(),
        sub: sub as unknown as { id: string; customer: string; metadata: Record<string, string> },
      };
    }

    it('creates the customer and an incomplete subscription carrying userId, tier and interval; answers the client secret', async () => {
      const { member, answer, sub } = await checkout('basic', 'year');
      expect(answer).toMatchObject({
        testMode: false,
        publishableKey: 'pk_test_fake',
        amountPence: 12000,
        tier: 'basic',
        interval: 'year',
      });
      expect(answer.clientSecret).toMatch(/^pi_[a-f0-9]+_secret_/);
      expect(sub.metadata).toEqual({ userId: String(member.user.id), tier: 'basic', interval: 'year' });
      const priceCall = stripe.requests.find((r) => r.path === '/v1/prices' && r.method === 'POST');
      expect(priceCall?.body).toMatchObject({
        currency: 'gbp',
        unit_amount: '12000',
        recurring: { interval: 'year' },
      });
      // the plan does not change until the provider says the payment went through
      expect(await tierOf(member.user.id)).toEqual({ tier: 'trial', status: 'trialing' });
    });

    it('asks Stripe for receipts in the member’s language', async () => {
      const customerCall = (email: string) =>
        stripe.requests.find(
          (r) =>
            r.path === '/v1/customers' &&
            r.method === 'POST' &&
            (r.body as { email?: string }).email === email,
        )?.body;
      const japanese = await checkout('basic', 'month', 'ja');
      expect(customerCall(japanese.member.user.email)).toMatchObject({ preferred_locales: ['ja'] });
      const english = await checkout('basic', 'month', 'en');
      expect(customerCall(english.member.user.email)).toMatchObject({ preferred_locales: ['en-GB'] });
    });

    it('moves the plan on the signed event, ignores a replay and an older event arriving late', async () => {
      const { member, sub } = await checkout();
      const now = Math.floor(Date.now() / 1000);
      const active = subscriptionEvent(sub, 'active', now);
      expect((await webhook(active)).json()).toMatchObject({ outcome: 'applied' });
      expect(await tierOf(member.user.id)).toEqual({ tier: 'premium', status: 'active' });

      const replay = await webhook(active);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().outcome).toBe('duplicate');

      const older = subscriptionEvent(sub, 'past_due', now - 60);
      expect((await webhook(older)).json().outcome).toBe('stale');
      expect(await tierOf(member.user.id)).toEqual({ tier: 'premium', status: 'active' });
    });

    it('keeps the plan while 3-D Secure is pending, records a declined card, and cancels on deletion', async () => {
      const { member, sub } = await checkout();
      const now = Math.floor(Date.now() / 1000);
      await webhook(subscriptionEvent(sub, 'incomplete', now));
      expect(await tierOf(member.user.id)).toEqual({ tier: 'trial', status: 'trialing' });

      const invoiceId = `in_declined_${Date.now()}`;
      await webhook({
        id: `evt_declined_${Date.now()}`,
        object: 'event',
        type: 'invoice.payment_failed',
        created: now,
        data: {
          object: {
            id: invoiceId,
            object: 'invoice',
            customer: sub.customer,
            amount_due: 5000,
            currency: 'gbp',
            parent: { subscription_details: { metadata: sub.metadata } },
          },
        },
      });
      const [failed] = await t.db.select().from(payments).where(eq(payments.providerInvoiceId, invoiceId));
      expect(failed).toMatchObject({ status: 'failed', amountPence: 5000, userId: member.user.id });

      await webhook(subscriptionEvent(sub, 'active', now + 1));
      await webhook(subscriptionEvent(sub, 'canceled', now + 2, 'customer.subscription.deleted'));
      expect(await tierOf(member.user.id)).toEqual({ tier: 'trial', status: 'canceled' });
    });

    it('refuses a webhook with a bad or missing signature (400) and changes nothing', async () => {
      const { member, sub } = await checkout();
      const event = subscriptionEvent(sub, 'active', Math.floor(Date.now() / 1000));
      expect((await webhook(event, 'whsec_wrong')).statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      });
      expect(unsigned.statusCode).toBe(400);
      expect(await tierOf(member.user.id)).toEqual({ tier: 'trial', status: 'trialing' });
    });

    it('has no test-mode confirmation when Stripe keys are set, and validates the checkout request', async () => {
      const member = await buildSignedInUser(t.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/billing/test-mode/confirm',
        headers: member.headers,
        payload: { clientSecret: 'pi_x_secret_yyyyyyyy' },
      });
      expect(res.statusCode).toBe(404);
      for (const payload of [{ tier: 'gold' }, { interval: 'week' }, { tier: 'basic', extra: 1 }])
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/create-subscription',
              headers: member.headers,
              payload,
            })
          ).statusCode,
        ).toBe(400);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/create-subscription', payload: {} })).statusCode,
      ).toBe(401);
    });
  });
});
