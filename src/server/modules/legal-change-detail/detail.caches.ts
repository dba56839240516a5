import { InFlightRuns } from '#server/cache/in-flight-runs';
import type { AnalysisContent } from '#shared/schemas/legal-change-detail';
import type { NewsCacheRow } from './news.queries';

/** What the legal change page's tabs keep in memory, one set per app (built in app-caches.ts). */
export interface DetailCaches {
  /** one news fetch per item at a time; concurrent readers share it */
  newsRefreshes: InFlightRuns<number, NewsCacheRow>;
  /** one overview generation per item, language and provider at a time; concurrent callers share it */
  overviewGenerations: InFlightRuns<string, AnalysisContent>;
}

export function createDetailCaches(): DetailCaches {
  return { newsRefreshes: new InFlightRuns(), overviewGenerations: new InFlightRuns() };
}
