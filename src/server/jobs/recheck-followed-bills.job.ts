import { runSyncJob, type SyncJobData } from '#server/modules/sync/sync-jobs';
import type { JobDefinition } from './types';

/**
 * Bills members follow, fetched again every 6 hours even when their lastUpdate did not move
 * (amendments and publications may change without it).
 */
export const recheckFollowedBillsJob: JobDefinition<SyncJobData> = {
  name: 'recheck-followed-bills',
  schedule: () => '23 */6 * * *',
  policy: 'singleton',
  retryLimit: 2,
  retryDelaySeconds: 300,
  expireInSeconds: 2 * 60 * 60,
  run: (ctx, data) => runSyncJob(ctx, 'recheck-followed-bills', 'recheck-followed-bills', data),
};
