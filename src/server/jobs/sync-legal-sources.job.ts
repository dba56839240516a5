import { syncAllLegalSources } from '#server/modules/legal-sources/legal-sources.service';
import { MATCH_ALERTS_JOB } from '#server/modules/sync/run-sync';
import type { JobDefinition } from './types';

/**
 * The sources beyond the UK sync, every 6 hours: each one's recent list (its availability
 * probe) and the items members follow there, whose changes raise alerts.
 */
export const syncLegalSourcesJob: JobDefinition = {
  name: 'sync-legal-sources',
  schedule: () => '41 */6 * * *',
  policy: 'singleton',
  retryLimit: 1,
  retryDelaySeconds: 600,
  expireInSeconds: 30 * 60,
  run: async (ctx) => {
    const outcome = await syncAllLegalSources(
      { config: ctx.config, database: ctx.database, jobs: null, clientRoot: null },
      ctx.log,
      { external: true, triggeredBy: 'schedule' },
    );
    // changes to followed items were stored with change events: match them now
    await ctx.send(MATCH_ALERTS_JOB);
    return outcome;
  },
};
