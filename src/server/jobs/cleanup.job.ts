import { deleteExpiredRows } from './cleanup.queries';
import type { JobDefinition } from './types';

/** Removes expired sessions, codes, reset tokens and rate-limit windows. */
export const cleanupJob: JobDefinition = {
  name: 'cleanup-expired',
  schedule: () => '17 * * * *',
  policy: 'singleton',
  async run({ database: { db } }) {
    const now = new Date();
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    return deleteExpiredRows(db, { now, dayAgo });
  },
};
