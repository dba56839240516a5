/** Contracts of the console's notification log and outbox viewer (spec document 2 §3). */
import { z } from 'zod';
import { OUTBOX_CHANNELS, OUTBOX_STATUSES } from '../outbox';
import { cursorSchema, iso } from './admin-fields';

// ---------- Notifications (outbox) ----------

/** GET /api/admin/notification-logs?channel=&status=&kind=&recipient=&cursor= */
export const notificationLogQuerySchema = z.object({
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  status: z.enum(OUTBOX_STATUSES).optional(),
  kind: z
    .string()
    .regex(/^[a-z_]{1,40}$/, 'A message kind is lower-case letters and underscores')
    .optional(),
  /** matched against the full address or number (case-insensitive), never against the masked form */
  recipient: z.string().trim().min(3).max(254).optional(),
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type NotificationLogQuery = z.infer<typeof notificationLogQuerySchema>;

export const adminNotificationLogSchema = z.object({
  id: z.number().int().positive(),
  type: z.enum(OUTBOX_CHANNELS),
  kind: z.string(),
  subject: z.string().nullable(),
  /** masked: j***@example.com, *********456 */
  recipient: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: iso.nullable(),
  createdAt: iso,
});
export type AdminNotificationLog = z.infer<typeof adminNotificationLogSchema>;

export const notificationLogPageSchema = z.object({
  logs: z.array(adminNotificationLogSchema),
  /** pass as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
});
export type NotificationLogPage = z.infer<typeof notificationLogPageSchema>;

/** GET /api/admin/outbox/:id: the whole message while it is `kept`, metadata otherwise. */
export const outboxMessageSchema = z.object({
  id: z.number().int().positive(),
  channel: z.enum(OUTBOX_CHANNELS),
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  provider: z.string().nullable(),
  createdAt: iso,
  sentAt: iso.nullable(),
  /** true when the body is included (status `kept`: held by the embedded default, never sent) */
  bodyAvailable: z.boolean(),
  subject: z.string().nullable(),
  /** the full address while the body is available, masked otherwise */
  recipient: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
});
