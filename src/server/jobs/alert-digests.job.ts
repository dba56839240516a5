import { sendDigests } from '#server/modules/alerts/digests';
import type { JobDefinition } from './types';

/** Daily digests at 07:00 UTC. */
export const dailyDigestJob: JobDefinition = {
  name: 'alert-digest-daily',
  schedule: () => '0 7 * * *',
  policy: 'singleton',
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
  run: ({ config, database }) => sendDigests(database.db, config, 'daily'),
};

/** Weekly digests on Mondays at 07:00 UTC. */
export const weeklyDigestJob: JobDefinition = {
  name: 'alert-digest-weekly',
  schedule: () => '0 7 * * 1',
  policy: 'singleton',
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
  run: ({ config, database }) => sendDigests(database.db, config, 'weekly'),
};
