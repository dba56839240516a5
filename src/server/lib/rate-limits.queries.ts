/** The counters of `rate_limit_buckets`: one row per key and fixed window. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { rateLimitBuckets } from '#server/db/schema';

export interface BucketCount {
  count: number;
  resetAt: Date;
}

/**
 * Adds one to the key's window and returns the new count: a new window (ending `windowSeconds`
 * after `now`) starts when the old one has ended.
 */
export async function addBucketHit(
  db: DbOrTx,
  params: { key: string; windowSeconds: number; now: Date },
): Promise<BucketCount> {
  const { key, now } = params;
  const resetAt = new Date(now.getTime() + params.windowSeconds * 1000);
  const b = rateLimitBuckets;
  const [row] = await db
    .insert(b)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: b.key,
      set: {
        count: sql`case when ${b.resetAt} <= ${now} then 1 else ${b.count} + 1 end`,
        resetAt: sql`case when ${b.resetAt} <= ${now} then ${resetAt} else ${b.resetAt} end`,
      },
    })
    .returning({ count: b.count, resetAt: b.resetAt });
  return row!;
}

/**
 * The same count with the window measured by the database's clock (the counters of members'
 * own actions, shared by every process whatever its clock).
 */
export async function addBucketHitByDatabaseClock(
  db: DbOrTx,
  params: { key: string; windowSeconds: number },
): Promise<BucketCount | undefined> {
  const b = rateLimitBuckets;
  const window = sql`make_interval(secs => ${params.windowSeconds})`;
  const [row] = await db
    .insert(b)
    .values({ key: params.key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: b.key,
      set: {
        count: sql`case when ${b.resetAt} <= now() then 1 else ${b.count} + 1 end`,
        resetAt: sql`case when ${b.resetAt} <= now() then now() + ${window} else ${b.resetAt} end`,
      },
    })
    .returning({ count: b.count, resetAt: b.resetAt });
  return row;
}

export async function findBucket(db: DbOrTx, key: string): Promise<BucketCount | undefined> {
  const [row] = await db
    .select({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt })
    .from(rateLimitBuckets)
    .where(eq(rateLimitBuckets.key, key));
  return row;
}

export async function deleteBucket(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}
