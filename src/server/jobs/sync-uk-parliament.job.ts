import { runSyncJob, SYNC_MIN_MINUTES, syncCron, type SyncJobData } from '#server/modules/sync/sync-jobs';
import type { JobDefinition } from './types';

/** UK Parliament bills updated since the last run (a first run loads them all, resuming after a stop). */
export const syncUkParliamentJob: JobDefinition<SyncJobData> = {
  name: 'sync-uk-parliament',
  schedule: (config) => syncCron(config.SYNC_INTERVAL_MINUTES, SYNC_MIN_MINUTES['uk-parliament'], 7),
  policy: 'singleton',
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 3 * 60 * 60,
  run: (ctx, data) => runSyncJob(ctx, 'uk-parliament', 'sync-uk-parliament', data),
};
