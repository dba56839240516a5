/** What one-click unsubscribe writes: the member's email alert switch. */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { outbox, users } from '#server/db/schema';

/** Turns the member's email alerts off and fails their queued emails of these kinds; false when the member is gone. */
export async function turnEmailAlertsOff(
  db: DbOrTx,
  userId: number,
  alertEmailKinds: string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ emailNotificationsEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!updated.length) return false;
    await tx
      .update(outbox)
      .set({ status: 'failed', lastError: 'The member unsubscribed from alert emails' })
      .where(
        and(
          eq(outbox.userId, userId),
          eq(outbox.channel, 'email'),
          eq(outbox.status, 'queued'),
          inArray(outbox.kind, alertEmailKinds),
        ),
      );
    return true;
  });
}
