/**
 * Webhook posts (channel 'webhook') go to the member's Slack, Teams or generic hook
 * (webhook-post.ts: public https destinations only, checked again as the connection is made);
 * a generic hook's post is signed at each attempt (webhook-signature.ts). Every failed post
 * counts against the hook; after WEBHOOK_MAX_FAILURES in a row it is disabled, its queued posts
 * fail and the member gets one email saying so. A post to a removed or disabled hook fails
 * without a request.
 */
import type { DbOrTx } from '#server/db/client';
import { pickLanguage } from '#server/messages/i18n';
import { webhookDisabledEmail } from '#server/messages/webhook-emails';
import { WEBHOOK_MAX_FAILURES } from '#shared/schemas/webhooks';
import { enqueueMessage } from '../outbox';
import type { OutboxRow } from '../outbox.queries';
import type { ChannelContext, OutboxChannel } from './channel';
import { maskWebhookUrl } from './webhook-destination';
import { postWebhook } from './webhook-post';
import { signedHeaders } from './webhook-signature';
import {
  addHookFailure,
  clearHookFailures,
  failQueuedPostsOf,
  findHook,
  findHookOwner,
  type HookTarget,
} from './webhook.queries';

export function webhookChannel(ctx: ChannelContext): OutboxChannel {
  const { db, config, log } = ctx;

  /** Posts to the row's hook; a removed or disabled hook is a permanent failure without a request. */
  async function send(row: OutboxRow) {
    const hook = row.webhookId ? await findHook(db, row.webhookId) : undefined;
    if (!hook || hook.disabledAt)
      throw Object.assign(new Error(hook ? 'the webhook is disabled' : 'the webhook was removed'), {
        permanent: true,
        hookGone: true,
      });
    const messageId = row.headers?.['webhook-id'];
    // a signed event goes as stored (its bytes are signed); a team-chat post as its JSON
    const payload: unknown =
      hook.signingSecret && messageId ? row.bodyText : (JSON.parse(row.bodyText) as unknown);
    const { status } = await postWebhook(hook.url, payload, {
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_HOSTS,
      ...(hook.signingSecret && messageId
        ? { headers: signedHeaders(hook.signingSecret, messageId, row.bodyText) }
        : {}),
    });
    return { provider: hook.kind, id: `http-${status}` };
  }

  /** The hook just crossed the line: its other posts will not go, and the member hears once. */
  async function disable(tx: DbOrTx, hook: HookTarget, error: string): Promise<void> {
    await failQueuedPostsOf(tx, hook.id);
    const member = await findHookOwner(tx, hook.userId);
    if (!member) return;
    const mail = webhookDisabledEmail({
      lang: pickLanguage(member.language),
      appUrl: config.appUrl,
      firstName: member.firstName,
      kind: hook.kind,
      where: maskWebhookUrl(hook.url),
      failures: hook.failureCount,
      lastError: error,
    });
    await enqueueMessage(tx, {
      channel: 'email',
      kind: 'webhook_disabled',
      recipient: member.email,
      subject: mail.subject,
      bodyText: mail.text,
      bodyHtml: mail.html,
      userId: hook.userId,
      dedupeKey: `webhook-disabled:${hook.id}`,
    });
  }

  /** After a post: a success clears the hook's count, a failure adds to it and may disable it. */
  async function settle(row: OutboxRow, error: string | null, thrown?: unknown): Promise<void> {
    if (!row.webhookId) return;
    if (error === null) return clearHookFailures(db, row.webhookId);
    if ((thrown as { hookGone?: boolean } | undefined)?.hookGone) return;
    const hookId = row.webhookId;
    const disabled = await db.transaction(async (tx) => {
      const hook = await addHookFailure(tx, { id: hookId, error, maxFailures: WEBHOOK_MAX_FAILURES });
      if (!hook?.disabledAt || hook.failureCount !== WEBHOOK_MAX_FAILURES) return null;
      await disable(tx, hook, error);
      return hook;
    });
    if (disabled) {
      log.warn(
        { webhookId: disabled.id, failures: disabled.failureCount },
        'webhook disabled after repeated failures',
      );
      ctx.drainAgain(); // the email just queued goes out with the next drain
    }
  }

  return {
    name: 'webhook',
    claim: async (now, limit) => ({ rows: await ctx.claimDue(db, 'webhook', now, limit) }),
    send,
    settle,
  };
}
