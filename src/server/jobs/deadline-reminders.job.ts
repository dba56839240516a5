import { ukToday, writeDeadlineReminders } from '#server/modules/alerts/deadline-reminders';
import { MATCH_ALERTS_JOB } from './match-alerts.job';
import type { JobDefinition } from './types';

/** Daily: consultation deadline reminders for followed items, then the matcher delivers them. */
export const deadlineRemindersJob: JobDefinition = {
  name: 'deadline-reminders',
  schedule: () => '30 6 * * *',
  policy: 'singleton',
  retryLimit: 5,
  retryDelaySeconds: 60,
  async run(ctx) {
    const written = await writeDeadlineReminders(ctx.database.db, ukToday());
    if (written) await ctx.send(MATCH_ALERTS_JOB);
    return { written };
  },
};
