/** Team-chat webhooks: the kinds, who may have them and how many. */
import type { SubscriptionTier } from './tiers';

/** Team chat comes with the paid plans, like texts (planAllowsSms in tiers.ts). */
export const planAllowsWebhooks = (tier: SubscriptionTier): boolean => tier !== 'trial';

export const WEBHOOK_KINDS = ['slack', 'teams'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** How many webhooks one member may keep. */
export const WEBHOOKS_PER_MEMBER = 5;
/** Failed posts in a row after which a hook is disabled. */
export const WEBHOOK_MAX_FAILURES = 5;
