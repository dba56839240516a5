/**
 * Webhooks: the team chats (Slack, Microsoft Teams) and the signed `generic` kind for programs,
 * who may have them and how many.
 */
import type { SubscriptionTier } from './tiers';

/** Team chat comes with the paid plans, like texts (planAllowsSms in tiers.ts). */
export const planAllowsWebhooks = (tier: SubscriptionTier): boolean => tier !== 'trial';

/** The team chats a hook posts a readable message to. */
export const TEAM_CHAT_KINDS = ['slack', 'teams'] as const;
export type TeamChatKind = (typeof TEAM_CHAT_KINDS)[number];
/** Every kind: the team chats, and `generic` (signed JSON events, Standard Webhooks). */
export const WEBHOOK_KINDS = [...TEAM_CHAT_KINDS, 'generic'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** A generic hook's signing secret starts with this (then the base64 of its key bytes). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The events a generic hook receives. */
export const WEBHOOK_EVENT_TYPES = ['legal_change.updated', 'notification.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** How many webhooks one member may keep. */
export const WEBHOOKS_PER_MEMBER = 5;
/** Failed posts in a row after which a hook is disabled. */
export const WEBHOOK_MAX_FAILURES = 5;
