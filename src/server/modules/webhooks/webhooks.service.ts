/**
 * A member's team-chat webhooks: add (paid plans, at most 5, destination checked), list (URL
 * masked) and remove. The URL itself never leaves the server.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { userWebhooks } from '#server/db/schema';
import { badRequest, conflict, forbidden } from '#server/http/errors';
import type { SubscriptionTier } from '#shared/tiers';
import {
  planAllowsWebhooks,
  WEBHOOKS_PER_MEMBER,
  type CreateWebhook,
  type Webhook,
} from '#shared/schemas/webhooks';
import { checkWebhookDestination, maskWebhookUrl, WebhookDestinationError } from './destination';

type Row = typeof userWebhooks.$inferSelect;

export function presentWebhook(r: Row): Webhook {
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
  const rows = await db
    .select()
    .from(userWebhooks)
    .where(eq(userWebhooks.userId, userId))
    .orderBy(asc(userWebhooks.id));
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
    // one member's adds in turn, so two at once cannot pass the limit together
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user-webhooks'), ${params.userId})`);
    const [existing] = await tx
      .select({ n: count() })
      .from(userWebhooks)
      .where(eq(userWebhooks.userId, params.userId));
    if ((existing?.n ?? 0) >= WEBHOOKS_PER_MEMBER)
      throw conflict(
        `You can add up to ${WEBHOOKS_PER_MEMBER} webhooks. Remove one to add another.`,
        'webhook_limit_reached',
      ).localized('errors.webhook_limit_reached', { max: WEBHOOKS_PER_MEMBER });
    const [row] = await tx
      .insert(userWebhooks)
      .values({ userId: params.userId, kind: params.input.kind, url: url.toString() })
      .returning();
    return presentWebhook(row!);
  });
}

export async function removeWebhook(db: DbOrTx, params: { userId: number; id: number }): Promise<boolean> {
  const rows = await db
    .delete(userWebhooks)
    .where(and(eq(userWebhooks.id, params.id), eq(userWebhooks.userId, params.userId)))
    .returning({ id: userWebhooks.id });
  return rows.length > 0;
}
