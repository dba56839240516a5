import { cleanupJob } from './cleanup.job';
import type { JobDefinition } from './types';
import { vacuumJob } from './vacuum.job';

/** Every job the workers run. Each issue's jobs are added here. */
export const allJobs: JobDefinition<any>[] = [cleanupJob, vacuumJob];
