/**
 * The payment provider. With STRIPE_SECRET_KEY set, the official Stripe SDK (API version pinned)
 * against STRIPE_API_URL when given (a test's loopback fake), else Stripe itself. Without a
 * key, the test mode (BILLING_TEST_MODE; by default on the embedded database only): no card, no
 * money, the same webhook handler fed by events signed locally. With neither, no plan is sold.
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { AppScopedKey } from '#server/cache/app-scoped';
import { paymentsMode, type Config } from '#server/config/config';

export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** The app's Stripe client, made once per app (cache/app-scoped.ts). */
export const STRIPE_CLIENT = new AppScopedKey<Stripe>('stripe client');

export function createStripe(config: Config): Stripe {
  const base = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY ?? 'sk_test_embedded_no_network', {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** The test checkout: no Stripe key, and BILLING_TEST_MODE on (by default, the embedded database only). */
export const testMode = (config: Config): boolean => paymentsMode(config) === 'test';

/** The secret webhooks are signed with: the configured one, or in test mode one derived locally. */
export function webhookSecret(config: Config, appSecret: string): string | null {
  if (!testMode(config)) return config.STRIPE_WEBHOOK_SECRET ?? null;
  return `whsec_local_${createHmac('sha256', appSecret).update('billing-webhook').digest('hex')}`;
}
