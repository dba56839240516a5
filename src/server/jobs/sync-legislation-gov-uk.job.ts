import { runSyncJob, SYNC_MIN_MINUTES, syncCron, type SyncJobData } from '#server/modules/sync/sync-jobs';
import type { JobDefinition } from './types';

/** legislation.gov.uk Publication Log days since the last synced day (about one request a second). */
export const syncLegislationGovUkJob: JobDefinition<SyncJobData> = {
  name: 'sync-legislation-gov-uk',
  schedule: (config) => syncCron(config.SYNC_INTERVAL_MINUTES, SYNC_MIN_MINUTES['secondary-legislation'], 13),
  policy: 'singleton',
  retryLimit: 3,
  retryDelaySeconds: 120,
  expireInSeconds: 2 * 60 * 60,
  run: (ctx, data) => runSyncJob(ctx, 'secondary-legislation', 'sync-legislation-gov-uk', data),
};
