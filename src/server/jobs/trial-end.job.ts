import { runTrialEnd } from '#server/modules/billing/trial';
import { sendQueuedNow } from './outbox-sender.job';
import type { JobDefinition } from './types';

/** Daily at 08:00 UTC: trial reminders 7 days and 1 day before, then expiry. */
export const trialEndJob: JobDefinition = {
  name: 'trial-end',
  schedule: () => '0 8 * * *',
  policy: 'singleton',
  retryLimit: 2,
  expireInSeconds: 15 * 60,
  run: async (ctx) => sendQueuedNow(ctx, await runTrialEnd(ctx.database.db, ctx.config.appUrl)),
};
