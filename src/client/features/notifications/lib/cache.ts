import type { InAppNotifications, Notification } from '#shared/schemas/notifications';

/** Adds a notification that arrived on the stream (newest first); a known id is replaced, not duplicated. */
export function addNotification(
  data: InAppNotifications | undefined,
  n: Notification,
): InAppNotifications | undefined {
  if (!data) return data;
  const existing = data.notifications.find((x) => x.id === n.id);
  if (existing) {
    return { ...data, notifications: data.notifications.map((x) => (x.id === n.id ? n : x)) };
  }
  return { notifications: [n, ...data.notifications], unreadCount: data.unreadCount + (n.read ? 0 : 1) };
}

export function removeNotification(
  data: InAppNotifications | undefined,
  id: number,
): InAppNotifications | undefined {
  if (!data) return data;
  const gone = data.notifications.find((x) => x.id === id);
  if (!gone) return data;
  return {
    notifications: data.notifications.filter((x) => x.id !== id),
    unreadCount: Math.max(0, data.unreadCount - (gone.read ? 0 : 1)),
  };
}

export function markNotificationRead(
  data: InAppNotifications | undefined,
  id: number,
): InAppNotifications | undefined {
  if (!data) return data;
  const target = data.notifications.find((x) => x.id === id);
  if (!target || target.read) return data;
  return {
    notifications: data.notifications.map((x) => (x.id === id ? { ...x, read: true, isRead: true } : x)),
    unreadCount: Math.max(0, data.unreadCount - 1),
  };
}

export function markEveryNotificationRead(
  data: InAppNotifications | undefined,
): InAppNotifications | undefined {
  if (!data) return data;
  return {
    notifications: data.notifications.map((x) => ({ ...x, read: true, isRead: true })),
    unreadCount: 0,
  };
}
