import { sendDigests } from '#server/modules/alerts/digests';
import { sendSmsRoundups } from '#server/modules/alerts/sms-roundup';
import { sendQueuedNow } from './outbox-sender.job';
import type { JobDefinition } from './types';

/** Daily digests at 07:00 on each member's clock: run every hour, each member at their cut-off. */
export const dailyDigestJob: JobDefinition = {
  name: 'alert-digest-daily',
  schedule: () => '1 * * * *',
  policy: 'singleton',
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
  run: async (ctx) =>
    sendQueuedNow(ctx, await sendDigests(ctx.database.db, ctx.config, ctx.secrets.appSecret, 'daily')),
};

/** Weekly digests on Mondays at 07:00 on each member's clock (every hour; Monday is local too). */
export const weeklyDigestJob: JobDefinition = {
  name: 'alert-digest-weekly',
  schedule: () => '2 * * * *',
  policy: 'singleton',
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
  run: async (ctx) =>
    sendQueuedNow(ctx, await sendDigests(ctx.database.db, ctx.config, ctx.secrets.appSecret, 'weekly')),
};

/** The morning round-up of alert texts held since each member's last one, at 08:00 UTC. */
export const smsRoundupJob: JobDefinition = {
  name: 'alert-sms-roundup',
  schedule: () => '0 8 * * *',
  policy: 'singleton',
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
  run: async (ctx) => sendQueuedNow(ctx, await sendSmsRoundups(ctx.database.db, ctx.config)),
};
