/** Members' browser push subscriptions (`push_subscriptions`). */
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { pushSubscriptions } from '#server/db/schema';

/**
 * Keeps the browser's subscription for this member: an endpoint seen before (the same browser,
 * perhaps another member's until now) is taken over with its new keys. Returns its id.
 */
export async function upsertSubscription(
  db: DbOrTx,
  params: { userId: number; endpoint: string; p256dh: string; auth: string },
): Promise<number> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(params)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: params.userId, p256dh: params.p256dh, auth: params.auth, createdAt: sql`now()` },
    })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}

/** Drops the member's subscriptions beyond their newest `keep`. */
export async function trimSubscriptions(db: DbOrTx, userId: number, keep: number): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** True when the member's subscription was there to delete. */
export async function deleteSubscription(
  db: DbOrTx,
  params: { userId: number; id: number },
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, params.id), eq(pushSubscriptions.userId, params.userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The subscriptions of these members, oldest first. */
export async function subscriptionsOf(
  db: DbOrTx,
  userIds: number[],
): Promise<{ id: number; userId: number; endpoint: string }[]> {
  if (!userIds.length) return [];
  return db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds))
    .orderBy(pushSubscriptions.id);
}
