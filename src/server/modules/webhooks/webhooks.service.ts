/**
 * A member's team-chat webhooks: add (paid plans, at most 5, destination checked), list (URL
 * masked) and remove. The URL itself never leaves the server.
 */
import type { DbOrTx } from '#server/db/client';
import { badRequest, conflict, forbidden } from '#server/http/errors';
import type { SubscriptionTier } from '#shared/tiers';
import {
  planAllowsWebhooks,
  WEBHOOKS_PER_MEMBER,
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

export async function addWebhook(
  db: DbOrTx,
  params: { userId: number; tier: SubscriptionTier; input: CreateWebhook; allowPrivate: readonly string[] },
): Promise<Webhook> {
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
    const row = await insertHook(tx, { userId: params.userId, kind: params.input.kind, url: url.toString() });
    return presentWebhook(row);
  });
}

export async function removeWebhook(db: DbOrTx, params: { userId: number; id: number }): Promise<boolean> {
  return deleteHook(db, params);
}
