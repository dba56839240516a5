/** Browser push subscriptions as the sender sees them: where to push, and each push's outcome. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { pushSubscriptions } from '#server/db/schema';

export interface PushSubscriptionTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function findSubscription(db: DbOrTx, id: number): Promise<PushSubscriptionTarget | undefined> {
  const [row] = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id));
  return row;
}

/** The push service no longer knows the subscription (404, 410): it is gone for good. */
export async function removeSubscription(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionUsed(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}
