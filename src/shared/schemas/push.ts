/** Browser push: the VAPID public key and a browser's subscription (the PushSubscription JSON). */
import { z } from 'zod';
import { PUSH_ENDPOINT_MAX } from '../push';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Expected URL-safe base64');

/** GET /api/push/vapid-public-key: the application server key the browser subscribes with. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

/** POST /api/user/push-subscriptions: what `PushSubscription.toJSON()` gives (extra fields ignored). */
export const createPushSubscriptionSchema = z.object({
  endpoint: z.string().trim().min(1).max(PUSH_ENDPOINT_MAX),
  keys: z.object({
    /** the browser's P-256 public key, uncompressed (65 bytes, 87 characters) */
    p256dh: base64url.min(86).max(90),
    /** the browser's authentication secret (16 bytes, 22 characters) */
    auth: base64url.min(21).max(24),
  }),
});
export type CreatePushSubscription = z.infer<typeof createPushSubscriptionSchema>;

export const pushSubscriptionCreatedSchema = z.object({ id: z.number().int().positive() });
export type PushSubscriptionCreated = z.infer<typeof pushSubscriptionCreatedSchema>;
