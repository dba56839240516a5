/** Webhooks (team chats and signed generic hooks) and the member's delivery log (/preferences). */
import { z } from 'zod';
import {
  planAllowsWebhooks,
  WEBHOOK_KINDS,
  WEBHOOK_MAX_FAILURES,
  WEBHOOK_SECRET_PREFIX,
  type WebhookKind,
  WEBHOOKS_PER_MEMBER,
} from '../team-chat';
import { OUTBOX_CHANNELS } from '../outbox';

export {
  planAllowsWebhooks,
  WEBHOOK_KINDS,
  WEBHOOK_MAX_FAILURES,
  WEBHOOK_SECRET_PREFIX,
  type WebhookKind,
  WEBHOOKS_PER_MEMBER,
};

export const webhookKindSchema = z.enum(WEBHOOK_KINDS);

/** POST /api/user/webhooks (the destination itself is checked by the server). */
export const createWebhookSchema = z.object({
  url: z.string().trim().min(1).max(2000),
  kind: webhookKindSchema,
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

/** A hook as the member sees it: the URL masked, e.g. `https://hooks.slack.com/…/XYZ9`. */
export const webhookSchema = z.object({
  id: z.number().int().positive(),
  kind: webhookKindSchema,
  maskedUrl: z.string(),
  status: z.enum(['active', 'disabled']),
  failureCount: z.number().int().min(0),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.array(webhookSchema);

/** The answer to POST /api/user/webhooks: a generic hook's signing secret comes here, and only here. */
export const createdWebhookSchema = webhookSchema.extend({
  secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX).optional(),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

// ── delivery log ───────────────────────────────────────────────────────────

export const DELIVERY_LOG_DAYS = 90;
export const DELIVERY_CHANNELS = OUTBOX_CHANNELS;
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'held'] as const;

/** GET /api/user/deliveries?cursor=&limit= (cursor: the `nextCursor` of the page before). */
export const deliveriesQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

export const deliverySchema = z.object({
  id: z.number().int().positive(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** verification | alert | digest | … */
  kind: z.string(),
  /** the subject, or a short first line; never the message body */
  summary: z.string(),
  /** masked: m•••@example.com, •••• 3456, https://hooks.slack.com/…/XYZ9 */
  recipient: z.string(),
  /** 'held': kept unsent because the channel is not configured */
  status: z.enum(DELIVERY_STATUSES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  legalChange: z.object({ id: z.number().int().positive(), title: z.string() }).nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryPageSchema = z.object({
  data: z.array(deliverySchema),
  nextCursor: z.string().nullable(),
});
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;
