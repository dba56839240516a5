import {
  LEGAL_SOURCES_JOB,
  runRequestedLegalSourcesSync,
  type LegalSourcesJobData,
} from '#server/modules/legal-sources/legal-source-requests';
import { syncAllLegalSources } from '#server/modules/legal-sources/legal-sources.service';
import { MATCH_ALERTS_JOB } from '#server/modules/sync/run-sync';
import type { JobDefinition } from './types';

/**
 * The sources beyond the UK sync, every 6 hours: each one's recent list (its availability
 * probe) and the items members follow there, whose changes raise alerts; and the syncs members
 * ask for (one source, or all), which the web processes enqueue here.
 */
export const syncLegalSourcesJob: JobDefinition<LegalSourcesJobData> = {
  name: LEGAL_SOURCES_JOB,
  schedule: () => '41 */6 * * *',
  policy: 'singleton',
  retryLimit: 1,
  retryDelaySeconds: 600,
  expireInSeconds: 30 * 60,
  run: async (ctx, data) => {
    const deps = {
      config: ctx.config,
      database: ctx.database,
      jobs: null,
      clientRoot: null,
      caches: ctx.caches,
      secrets: ctx.secrets,
    };
    // a member's request (from any process) carries who asked; the schedule's run carries nothing
    const outcome = data?.triggeredBy
      ? await runRequestedLegalSourcesSync(deps, ctx.log, data)
      : await syncAllLegalSources(deps, ctx.log, { external: true, triggeredBy: 'schedule' });
    // changes to followed items were stored with change events: match them now
    await ctx.send(MATCH_ALERTS_JOB);
    return outcome;
  },
};
