/** A member's notifications for the public API: newest first, paged by id (a keyset). */
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { notifications } from '#server/db/schema';
import {
  notificationColumns,
  type NotificationRow,
} from '#server/modules/notifications/notifications.queries';

const n = notifications;

/** Up to `limit + 1` rows (one more tells whether another page follows). */
export async function notificationsPage(
  db: DbOrTx,
  params: { userId: number; beforeId: number | null; limit: number },
): Promise<NotificationRow[]> {
  return db
    .select(notificationColumns)
    .from(n)
    .where(
      and(
        eq(n.userId, params.userId),
        isNull(n.dismissedAt),
        params.beforeId === null ? undefined : lt(n.id, params.beforeId),
      ),
    )
    .orderBy(desc(n.id))
    .limit(params.limit + 1);
}
