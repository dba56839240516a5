/**
 * Turning browser push on and off for one browser: the subscription's endpoint must be a public
 * https address (the webhooks' rules, checked again at each send) and its keys a P-256 public
 * key and a 16-byte secret; a member keeps their newest PUSH_SUBSCRIPTIONS_PER_MEMBER browsers.
 */
import type { DbOrTx } from '#server/db/client';
import { badRequest } from '#server/http/errors';
import {
  checkWebhookDestination,
  WebhookDestinationError,
} from '#server/modules/outbox/channels/webhook-destination';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER } from '#shared/push';
import type { CreatePushSubscription } from '#shared/schemas/push';
import { deleteSubscription, trimSubscriptions, upsertSubscription } from './push.queries';

const ENDPOINT_REFUSED =
  'This push service address is not allowed: it must be a public https:// address of a push service.';

/** The browser's keys, decoded: an uncompressed P-256 point and a 16-byte secret. */
function checkKeys(keys: CreatePushSubscription['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04)
    throw badRequest('keys.p256dh must be an uncompressed P-256 public key.', undefined, 'invalid_push_keys');
  if (auth.length !== 16)
    throw badRequest('keys.auth must be a 16-byte secret.', undefined, 'invalid_push_keys');
}

export async function addPushSubscription(
  db: DbOrTx,
  params: { userId: number; input: CreatePushSubscription; allowPrivate: readonly string[] },
): Promise<{ id: number }> {
  checkKeys(params.input.keys);
  let endpoint: URL;
  try {
    endpoint = await checkWebhookDestination(params.input.endpoint, params.allowPrivate);
  } catch (error) {
    if (error instanceof WebhookDestinationError)
      throw badRequest(ENDPOINT_REFUSED, undefined, 'invalid_push_endpoint');
    throw error;
  }
  return db.transaction(async (tx) => {
    const id = await upsertSubscription(tx, {
      userId: params.userId,
      endpoint: endpoint.toString(),
      p256dh: params.input.keys.p256dh,
      auth: params.input.keys.auth,
    });
    await trimSubscriptions(tx, params.userId, PUSH_SUBSCRIPTIONS_PER_MEMBER);
    return { id };
  });
}

export async function removePushSubscription(
  db: DbOrTx,
  params: { userId: number; id: number },
): Promise<boolean> {
  return deleteSubscription(db, params);
}
