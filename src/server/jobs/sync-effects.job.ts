import { runSyncJob, type SyncJobData } from '#server/modules/sync/sync-jobs';
import type { JobDefinition } from './types';

/** Changes to law in force on followed Acts and instruments, every 3 hours. */
export const syncEffectsJob: JobDefinition<SyncJobData> = {
  name: 'sync-effects',
  schedule: () => '47 */3 * * *',
  policy: 'singleton',
  retryLimit: 2,
  retryDelaySeconds: 600,
  expireInSeconds: 60 * 60,
  run: (ctx, data) => runSyncJob(ctx, 'effects', 'sync-effects', data),
};
