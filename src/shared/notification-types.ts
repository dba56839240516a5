/**
 * The kinds of in-app notification: news | new | update | legislative; the older panel also
 * knows new_change, consultation_deadline, enactment. Zod-free, so the bell can use them.
 */
export const NOTIFICATION_TYPES = [
  'news',
  'new',
  'update',
  'legislative',
  'new_change',
  'consultation_deadline',
  'enactment',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const isNotificationType = (type: string): type is NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(type);
