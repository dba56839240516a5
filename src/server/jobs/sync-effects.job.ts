import { hasUnreadFollowedItems } from '#server/modules/sync/effects.sync';
import { EFFECTS_CRON, runSyncJob, type SyncJobData } from '#server/modules/sync/sync-jobs';
import { SYNC_EFFECTS_JOB } from './queue';
import type { JobDefinition } from './types';

/**
 * Changes to law in force on followed Acts and instruments, every 3 hours, when the
 * administrator asks, and (first reads only, quietly) soon after a member follows one.
 */
export const syncEffectsJob: JobDefinition<SyncJobData> = {
  name: SYNC_EFFECTS_JOB,
  schedule: () => EFFECTS_CRON,
  policy: 'singleton',
  retryLimit: 2,
  retryDelaySeconds: 600,
  expireInSeconds: 60 * 60,
  run: async (ctx, data) => {
    // a follow's first read: nothing to do when a run has read every followed item already
    if (data?.firstReadOnly && !(await hasUnreadFollowedItems(ctx.database.db)))
      return { syncType: 'effects', status: 'skipped', summary: { reason: 'every followed item was read' } };
    return runSyncJob(ctx, 'effects', SYNC_EFFECTS_JOB, data);
  },
};
