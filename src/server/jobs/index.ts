import { cleanupJob } from './cleanup.job';
import { outboxSenderJob } from './outbox-sender.job';
import { refreshNewsJob } from './refresh-news.job';
import type { JobDefinition } from './types';
import { matchAlertsJob } from './match-alerts.job';
import { dailyDigestJob, smsRoundupJob, weeklyDigestJob } from './alert-digests.job';
import { deadlineRemindersJob } from './deadline-reminders.job';
import { vacuumJob } from './vacuum.job';
import { syncUkParliamentJob } from './sync-uk-parliament.job';
import { syncLegislationGovUkJob } from './sync-legislation-gov-uk.job';
import { syncScottishParliamentJob } from './sync-scottish-parliament.job';
import { backfillLegislationJob } from './backfill-legislation.job';
import { recheckFollowedBillsJob } from './recheck-followed-bills.job';
import { trialEndJob } from './trial-end.job';
import { syncLegalSourcesJob } from './sync-legal-sources.job';
import { syncEffectsJob } from './sync-effects.job';

/** Every job the workers run. Each issue's jobs are added here. */
export const allJobs: JobDefinition<any>[] = [
  cleanupJob,
  outboxSenderJob,
  vacuumJob,
  refreshNewsJob,
  matchAlertsJob,
  dailyDigestJob,
  weeklyDigestJob,
  smsRoundupJob,
  deadlineRemindersJob,
  syncUkParliamentJob,
  syncLegislationGovUkJob,
  syncScottishParliamentJob,
  backfillLegislationJob,
  recheckFollowedBillsJob,
  trialEndJob,
  syncLegalSourcesJob,
  syncEffectsJob,
];
