/**
 * In-app notification contracts (spec document 1 §3 Notification, §4 notification states,
 * §7 /api/notifications…) and the administrator's notification log (document 2 §3).
 */
import { z } from 'zod';
import { NOTIFICATION_TABS } from '#shared/notification-tab';

/** One notification. `read`/`isRead` and `timestamp`/`createdAt` carry the same values (both spellings are read by clients). */
export const notificationSchema = z.object({
  id: z.number().int().positive(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  /** the legal change page's tab it opens (decided when written; the message is in the member's language) */
  tab: z.enum(NOTIFICATION_TABS),
  read: z.boolean(),
  isRead: z.boolean(),
  timestamp: z.string(),
  createdAt: z.string(),
  legislationId: z.number().int().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the member's recent notifications, newest first. */
export const notificationListSchema = z.array(notificationSchema);

/** GET /api/notifications/in-app: the side panel (undismissed, newest first) and the bell's count. */
export const inAppNotificationsSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().min(0),
});
export type InAppNotifications = z.infer<typeof inAppNotificationsSchema>;

export const dismissResultSchema = z.object({ id: z.number().int().positive(), dismissed: z.literal(true) });
export const readAllResultSchema = z.object({ updated: z.number().int().min(0), unreadCount: z.literal(0) });
