import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { sendQueuedNow } from './outbox-sender.job';
import type { JobDefinition } from './types';

export const MATCH_ALERTS_JOB = 'match-alerts';

/**
 * Matches new change events to members (every minute, and kicked after each sync with
 * `ctx.send(MATCH_ALERTS_JOB)`), then queues the immediate emails and texts.
 */
export const matchAlertsJob: JobDefinition = {
  name: MATCH_ALERTS_JOB,
  schedule: () => '* * * * *',
  policy: 'singleton',
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 15 * 60,
  // a change's alert is due within a second: waiting up to 2 s for the next poll took most of it
  pollingIntervalSeconds: 0.5,
  async run(ctx) {
    const postgres = !ctx.config.embeddedDatabase;
    const matched = await matchAlerts(ctx.database.db, {
      notifyPostgres: postgres,
      concurrency: postgres ? 2 : 1,
      scoped: ctx.caches.appScoped,
      notifier: ctx.caches.notifier,
    });
    const queued = await queueImmediateAlerts(ctx.database.db, ctx.config, ctx.secrets.appSecret);
    const delivered = await sendQueuedNow(ctx, queued);
    return { matched, delivered };
  },
};
