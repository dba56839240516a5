import type { JobDefinition } from './types';

/** The embedded database has no autovacuum: keep statistics and visibility maps fresh. */
export const vacuumJob: JobDefinition = {
  name: 'vacuum-analyze',
  schedule: () => '41 3,15 * * *',
  policy: 'singleton',
  embeddedOnly: true,
  expireInSeconds: 60 * 60,
  async run({ database }) {
    const started = Date.now();
    await database.pool.query('VACUUM ANALYZE');
    return { ms: Date.now() - started };
  },
};
