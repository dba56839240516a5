/**
 * Fixed-window counters in `rate_limit_buckets`, shared by every process on the database: the
 * limits of accounts, verification codes, the SMS budget alert and members' own actions (the
 * HTTP API's per-address limits count in `rate_limit_hits`, plugins/rate-limit-store.ts).
 * A key names what is counted (e.g. failed sign-ins of one account); identifying values such as
 * email addresses are stored only as a hash.
 */
import { createHash } from 'node:crypto';
import type { DbOrTx } from '#server/db/client';
import { formatWait, tooManyRequests } from '#server/http/errors';
import { addBucketHit, addBucketHitByDatabaseClock, deleteBucket, findBucket } from './rate-limits.queries';

export interface Limit {
  /** what is counted, e.g. 'login-ip' */
  scope: string;
  max: number;
  windowSeconds: number;
  /** what the user is told; `{wait}` becomes "N minutes" */
  message: string;
}

export const bucketKey = (limit: Limit, subject: string) =>
  `${limit.scope}:${createHash('sha256').update(subject.toLowerCase()).digest('hex').slice(0, 32)}`;

const retryAfter = (resetAt: Date, now: Date) =>
  Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));

function refuse(limit: Limit, resetAt: Date, now: Date): never {
  const seconds = retryAfter(resetAt, now);
  throw tooManyRequests(seconds, limit.message.replace('{wait}', formatWait(seconds))).localized(
    `errors.rateLimits.${limit.scope}`,
    { waitSeconds: seconds },
  );
}

/** Adds one to the window and returns the new count (a new window starts when the old one ended). */
export async function recordHit(db: DbOrTx, limit: Limit, subject: string, now = new Date()) {
  return addBucketHit(db, { key: bucketKey(limit, subject), windowSeconds: limit.windowSeconds, now });
}

/** Counts this request; answers 429 with Retry-After once more than `max` arrive in a window. */
export async function consume(db: DbOrTx, limit: Limit, subject: string, now = new Date()): Promise<void> {
  const row = await recordHit(db, limit, subject, now);
  if (row.count > limit.max) refuse(limit, row.resetAt, now);
}

/** Answers 429 when the window already holds `max` hits (for limits that count only failures). */
export async function ensureBelow(
  db: DbOrTx,
  limit: Limit,
  subject: string,
  now = new Date(),
): Promise<void> {
  const row = await findBucket(db, bucketKey(limit, subject));
  if (row && row.resetAt > now && row.count >= limit.max) refuse(limit, row.resetAt, now);
}

export async function clearHits(db: DbOrTx, limit: Limit, subject: string): Promise<void> {
  await deleteBucket(db, bucketKey(limit, subject));
}

/** A limit on one member's use of an action (the member's id is the subject, not hashed). */
export interface MemberLimit {
  /** what is counted, e.g. 'ai-overview' */
  action: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one use of `limit.action` by a member in a fixed window shared by every process
 * (timed by the database's clock); over the limit it throws a 429 with Retry-After.
 */
export async function consumeMemberLimit(db: DbOrTx, userId: number, limit: MemberLimit): Promise<void> {
  const row = await addBucketHitByDatabaseClock(db, {
    key: `${limit.action}:user:${userId}`,
    windowSeconds: limit.windowSeconds,
  });
  if (row && row.count > limit.max) {
    const waitSeconds = Math.max(1, (row.resetAt.getTime() - Date.now()) / 1000);
    throw tooManyRequests(waitSeconds);
  }
}

/**
 * Counts one hit on `key` in a fixed window timed by the database's clock (every process shares
 * it) and returns the window's count and end, for callers that report what is left (the public
 * API's RateLimit headers). The count is taken atomically, so comparing it with a limit never
 * lets more than the limit through.
 */
export async function countHit(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; resetAt: Date }> {
  const row = await addBucketHitByDatabaseClock(db, { key, windowSeconds });
  return row ?? { count: 1, resetAt: new Date(Date.now() + windowSeconds * 1000) };
}
