import { NOTIFICATION_TABS, notificationTab, type NotificationTab } from '#shared/notification-tab';
import type { Notification } from '#shared/schemas/notifications';
import type { NotificationRow } from './notifications.queries';

/** A notification as the bell, the panel and the stream show it (both spellings of read and time). */
export function presentNotification(row: NotificationRow): Notification {
  const read = row.readAt !== null;
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    tab: (NOTIFICATION_TABS as readonly string[]).includes(row.tab ?? '')
      ? (row.tab as NotificationTab)
      : notificationTab(row),
    read,
    isRead: read,
    timestamp: createdAt,
    createdAt,
    legislationId: row.legislationId,
  };
}
