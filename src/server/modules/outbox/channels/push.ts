/**
 * Browser push (channel 'push'): each message is encrypted to its browser's keys (aes128gcm,
 * RFC 8291) and signed with the service's VAPID key (RFC 8292) by `web-push`, then posted to the
 * subscription's push service (RFC 8030) through the webhooks' guarded connection: only public
 * https destinations (unless allow-listed for tests), checked again as the connection is made.
 * A 404 or 410 from the push service means the browser dropped the subscription: it is removed
 * and the message fails without a retry. The endpoint is a capability URL: never logged.
 */
import webpush from 'web-push';
import { loadVapidKeys } from '#server/lib/vapid';
import { PUSH_TTL_SECONDS } from '#shared/push';
import type { OutboxRow } from '../outbox.queries';
import type { ChannelContext, OutboxChannel } from './channel';
import { findSubscription, markSubscriptionUsed, removeSubscription } from './push.queries';
import { postBytes, WebhookSendError } from './webhook-post';

/** Push service answers meaning the subscription is gone for good. */
const GONE = new Set([404, 410]);

export function pushChannel(ctx: ChannelContext): OutboxChannel {
  const { db, config } = ctx;
  const vapid = loadVapidKeys(config, ctx.log);

  async function send(row: OutboxRow) {
    const sub = row.pushSubscriptionId ? await findSubscription(db, row.pushSubscriptionId) : undefined;
    if (!sub)
      throw Object.assign(new Error('the browser turned push off'), {
        permanent: true,
        subscriptionGone: true,
      });
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      row.bodyText,
      {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
    ) as Record<string, string>;
    try {
      const { status } = await postBytes(sub.endpoint, request.body, {
        allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_HOSTS,
        headers,
        label: 'push service',
      });
      return { provider: 'web-push', id: `http-${status}` };
    } catch (error) {
      if (error instanceof WebhookSendError && GONE.has(error.status)) {
        await removeSubscription(db, sub.id);
        throw Object.assign(new Error(`${error.message}; the subscription was removed`), {
          permanent: true,
          subscriptionGone: true,
        });
      }
      throw error;
    }
  }

  return {
    name: 'push',
    claim: async (now, limit) => ({ rows: await ctx.claimDue(db, 'push', now, limit) }),
    send,
    async settle(row, error) {
      if (error === null && row.pushSubscriptionId) await markSubscriptionUsed(db, row.pushSubscriptionId);
    },
  };
}
