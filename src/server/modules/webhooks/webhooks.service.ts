/**
 * A member's webhooks: add (paid plans, at most 5, destination checked), list (URL masked) and
 * remove. The URL itself never leaves the server. A generic hook gets a signing secret
 * (`whsec_` + the base64 of 32 random bytes), answered once when it is added and never again.
 */
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '#server/db/client';
import { badRequest, conflict, forbidden } from '#server/http/errors';
import type { SubscriptionTier } from '#shared/tiers';
import {
  planAllowsWebhooks,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOKS_PER_MEMBER,
  type CreatedWebhook,
  type CreateWebhook,
  type Webhook,
} from '#shared/schemas/webhooks';
import {
  checkWebhookDestination,
  maskWebhookUrl,
  WebhookDestinationError,
} from '#server/modules/outbox/channels/webhook-destination';
import {
  countHooksOf,
  deleteHook,
  insertHook,
  listHooksOf,
  lockHooksOf,
  type WebhookRow,
} from './webhooks.queries';

export function presentWebhook(r: WebhookRow): Webhook {
  return {
    id: r.id,
    kind: r.kind,
    maskedUrl: maskWebhookUrl(r.url),
    status: r.disabledAt ? 'disabled' : 'active',
    failureCount: r.failureCount,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    disabledAt: r.disabledAt?.toISOString() ?? null,
  };
}

export async function listWebhooks(db: DbOrTx, userId: number): Promise<Webhook[]> {
  const rows = await listHooksOf(db, userId);
  return rows.map(presentWebhook);
}

export const WEBHOOK_PLAN_MESSAGE =
  'Team chat alerts (Slack and Microsoft Teams) come with the Basic and Premium plans. Upgrade to add a webhook.';

/** A new signing secret, as the Standard Webhooks specification writes one. */
export const newSigningSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

export async function addWebhook(
  db: DbOrTx,
  params: { userId: number; tier: SubscriptionTier; input: CreateWebhook; allowPrivate: readonly string[] },
): Promise<CreatedWebhook> {
  if (!planAllowsWebhooks(params.tier)) throw forbidden(WEBHOOK_PLAN_MESSAGE, 'plan_required');
  let url: URL;
  try {
    url = await checkWebhookDestination(params.input.url, params.allowPrivate);
  } catch (error) {
    if (error instanceof WebhookDestinationError)
      throw badRequest(error.message, undefined, 'invalid_webhook_url');
    throw error;
  }
  return db.transaction(async (tx) => {
    await lockHooksOf(tx, params.userId);
    const existing = await countHooksOf(tx, params.userId);
    if (existing >= WEBHOOKS_PER_MEMBER)
      throw conflict(
        `You can add up to ${WEBHOOKS_PER_MEMBER} webhooks. Remove one to add another.`,
        'webhook_limit_reached',
      ).localized('errors.webhook_limit_reached', { max: WEBHOOKS_PER_MEMBER });
    const { kind } = params.input;
    const signingSecret = kind === 'generic' ? newSigningSecret() : null;
    const row = await insertHook(tx, { userId: params.userId, kind, url: url.toString(), signingSecret });
    return signingSecret ? { ...presentWebhook(row), secret: signingSecret } : presentWebhook(row);
  });
}

export async function removeWebhook(db: DbOrTx, params: { userId: number; id: number }): Promise<boolean> {
  return deleteHook(db, params);
}
