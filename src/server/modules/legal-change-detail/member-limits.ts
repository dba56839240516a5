import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { rateLimitBuckets } from '#server/db/schema';
import { tooManyRequests } from '#server/http/errors';

export interface MemberLimit {
  /** what is counted, e.g. 'ai-overview' */
  action: string;
  max: number;
  windowSeconds: number;
}

/** Regenerating an AI overview: 5 per member per hour. */
export const AI_OVERVIEW_LIMIT: MemberLimit = {
  action: 'ai-overview-regenerate',
  max: 5,
  windowSeconds: 3600,
};
/** Forcing a news fetch: 10 per member per hour. */
export const NEWS_REFRESH_LIMIT: MemberLimit = { action: 'news-refresh', max: 10, windowSeconds: 3600 };

/**
 * Counts one use of `limit.action` by a member in a fixed window shared by every process
 * (rate_limit_buckets); over the limit it throws a 429 with Retry-After.
 */
export async function consumeMemberLimit(db: DbOrTx, userId: number, limit: MemberLimit): Promise<void> {
  const b = rateLimitBuckets;
  const key = `${limit.action}:user:${userId}`;
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(b)
    .values({ key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: b.key,
      set: {
        count: sql`case when ${b.resetAt} <= now() then 1 else ${b.count} + 1 end`,
        resetAt: sql`case when ${b.resetAt} <= now() then now() + ${window} else ${b.resetAt} end`,
      },
    })
    .returning({ count: b.count, resetAt: b.resetAt });
  if (row && row.count > limit.max) {
    const waitSeconds = Math.max(1, (row.resetAt.getTime() - Date.now()) / 1000);
    throw tooManyRequests(waitSeconds);
  }
}
