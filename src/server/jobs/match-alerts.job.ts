import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { outboxSenderJob } from './outbox-sender.job';
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
  async run({ config, database, send }) {
    const postgres = !config.embeddedDatabase;
    const matched = await matchAlerts(database.db, { notifyPostgres: postgres, concurrency: postgres ? 2 : 1 });
    const delivered = await queueImmediateAlerts(database.db, config);
    if (delivered.emails + delivered.sms > 0) await send(outboxSenderJob.name); // send them now
    return { matched, delivered };
  },
};
