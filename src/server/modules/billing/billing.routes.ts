import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentsMode } from '#server/config/config';
import { authContextOf } from '#server/modules/auth/auth.context';
import { memberOnly, requireUser } from '#server/plugins/session';
import {
  billingStatusSchema,
  createSubscriptionBodySchema,
  createSubscriptionResponseSchema,
  invoicesResponseSchema,
  testModeConfirmSchema,
} from '#shared/schemas/billing';
import { handleWebhook } from './billing-webhooks.service';
import {
  billingStatus,
  cancelSubscription,
  createSubscription,
  listPayments,
  type BillingContext,
} from './billing.service';
import { createStripe, STRIPE_CLIENT } from './stripe-client';
import { confirmTestCheckout } from './test-checkout.service';

function billingContext(app: Parameters<FastifyPluginAsync>[0]): BillingContext {
  return {
    db: app.db,
    config: app.deps.config,
    appSecret: authContextOf(app).secrets.appSecret,
    stripe: app.caches.appScoped.get(STRIPE_CLIENT, () => createStripe(app.deps.config)),
  };
}

const PAYMENTS_MODE_LINES = {
  stripe: 'payments: Stripe (card payments are taken)',
  test: 'payments: test mode (plans change without payment; no card, no money)',
  not_configured:
    'payments: not configured (no STRIPE_SECRET_KEY and BILLING_TEST_MODE off): no plan can be bought',
} as const;

/** Says once at start-up which payments mode is active (a missing key is a warning). */
function logPaymentsMode(app: Parameters<FastifyPluginAsync>[0]) {
  const mode = paymentsMode(app.deps.config);
  const line = { paymentsMode: mode };
  if (mode === 'not_configured') app.log.warn(line, PAYMENTS_MODE_LINES[mode]);
  else app.log.info(line, PAYMENTS_MODE_LINES[mode]);
}

/** Checkout, the test mode's confirmation, the member's payments and cancellation. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = billingContext(app);
  logPaymentsMode(app);
  // members only: a signed-out call is 401 before its body is read
  app.addHook('onRequest', memberOnly);

  app.post(
    '/api/create-subscription',
    {
      schema: {
        body: createSubscriptionBodySchema,
        response: { 200: createSubscriptionResponseSchema },
      },
    },
    async (request) =>
      createSubscription(
        ctx,
        requireUser(request).id,
        request.body ?? { tier: 'premium', interval: 'month' },
      ),
  );

  app.post(
    '/api/billing/test-mode/confirm',
    {
      schema: {
        body: testModeConfirmSchema,
        response: { 200: z.object({ message: z.string(), tier: z.enum(['basic', 'premium']) }) },
      },
    },
    async (request) => confirmTestCheckout(ctx, requireUser(request).id, request.body.clientSecret),
  );

  app.get(
    '/api/billing/invoices',
    { schema: { response: { 200: invoicesResponseSchema } } },
    async (request) => ({
      payments: await listPayments(app.db, requireUser(request).id),
    }),
  );

  app.get('/api/billing/status', { schema: { response: { 200: billingStatusSchema } } }, async (request) =>
    billingStatus(ctx, requireUser(request).id),
  );

  app.post(
    '/api/billing/cancel',
    { schema: { response: { 200: z.object({ message: z.string(), cancelAt: z.string() }) } } },
    async (request) => cancelSubscription(ctx, requireUser(request).id),
  );
};

/** POST /api/stripe/webhook: its own plugin, so only this route reads the body as raw bytes. */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const ctx = billingContext(app);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post('/api/stripe/webhook', async (request) => {
    const signature = request.headers['stripe-signature'];
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
    return handleWebhook(ctx, raw, typeof signature === 'string' ? signature : undefined);
  });
};
