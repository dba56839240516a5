/** What one-click unsubscribe reads and writes: the member's language and email alert switch. */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { outbox, users } from '#server/db/schema';

/** The member's stored language (null when the member is gone): the unsubscribe page is written in it. */
export async function memberLanguage(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? null;
}

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
