/**
 * API keys and the public API's limits (zod-free: the Developers card and the server both read
 * these). A key is `lwk_live_…` (or `lwk_test_…` while payments run in test mode), so secret
 * scanners recognise one; only its hash is stored.
 */
import type { SubscriptionTier } from './tiers';

export const API_KEY_PREFIX_LIVE = 'lwk_live_';
export const API_KEY_PREFIX_TEST = 'lwk_test_';
/** what every key starts with (never a member session token) */
export const API_KEY_MARK = 'lwk_';

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_NAME_MAX = 80;
/** keys a member may hold at once (revoked keys do not count) */
export const MAX_API_KEYS = 10;

/** the plans whose members may create keys and call the public API */
export const API_TIERS: readonly SubscriptionTier[] = ['basic', 'premium'];
export const canUseApi = (tier: SubscriptionTier): boolean => API_TIERS.includes(tier);

/** requests per key per day, by plan (the trial has none) */
export const API_DAILY_REQUESTS: Record<SubscriptionTier, number> = {
  trial: 0,
  basic: 1_000,
  premium: 10_000,
};
/** requests per key in a burst window (one second unless configured) */
export const API_BURST_REQUESTS = 10;

/** the public REST API's base path and the MCP endpoint */
export const PUBLIC_API_BASE = '/api/v1';
export const MCP_PATH = '/mcp';
