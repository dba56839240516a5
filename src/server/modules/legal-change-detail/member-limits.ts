import type { MemberLimit } from '#server/lib/rate-limits';

export { consumeMemberLimit, type MemberLimit } from '#server/lib/rate-limits';

/** Regenerating an AI overview: 5 per member per hour. */
export const AI_OVERVIEW_LIMIT: MemberLimit = {
  action: 'ai-overview-regenerate',
  max: 5,
  windowSeconds: 3600,
};
/** Forcing a news fetch: 10 per member per hour. */
export const NEWS_REFRESH_LIMIT: MemberLimit = { action: 'news-refresh', max: 10, windowSeconds: 3600 };
