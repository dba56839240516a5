import { runSyncJob, SYNC_MIN_MINUTES, syncCron, type SyncJobData } from '#server/modules/sync/sync-jobs';
import type { JobDefinition } from './types';

/** Scottish Parliament bills: whole collections diffed against the last snapshot, at most hourly. */
export const syncScottishParliamentJob: JobDefinition<SyncJobData> = {
  name: 'sync-scottish-parliament',
  schedule: (config) => syncCron(config.SYNC_INTERVAL_MINUTES, SYNC_MIN_MINUTES['scottish-parliament'], 29),
  policy: 'singleton',
  retryLimit: 3,
  retryDelaySeconds: 120,
  expireInSeconds: 60 * 60,
  run: (ctx, data) => runSyncJob(ctx, 'scottish-parliament', 'sync-scottish-parliament', data),
};
