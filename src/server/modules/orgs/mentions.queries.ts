/** The in-app notification of an @mention, written with the comment's transaction. */
import type { DbOrTx } from '#server/db/client';
import { notifications } from '#server/db/schema';

export async function insertMentionNotifications(
  db: DbOrTx,
  rows: { userId: number; title: string; message: string; legalChangeId: number; dedupeKey: string }[],
): Promise<number | null> {
  if (!rows.length) return null;
  const written = await db
    .insert(notifications)
    .values(
      rows.map((r) => ({
        userId: r.userId,
        type: 'update',
        title: r.title,
        message: r.message,
        tab: 'timeline',
        legislationId: r.legalChangeId,
        dedupeKey: r.dedupeKey,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return written.length ? Math.max(...written.map((r) => r.id)) : null;
}
