import { runSyncJob, type SyncJobData } from '#server/modules/sync/sync-jobs';
import type { JobDefinition } from './types';

/** A few listing pages per legislation.gov.uk type each hour, until every type is backfilled. */
export const backfillLegislationJob: JobDefinition<SyncJobData> = {
  name: 'backfill-legislation',
  schedule: () => '37 * * * *',
  policy: 'singleton',
  retryLimit: 2,
  retryDelaySeconds: 300,
  expireInSeconds: 60 * 60,
  run: (ctx, data) => runSyncJob(ctx, 'backfill-legislation', 'backfill-legislation', data),
};
