import type { MemberSessionCache } from '#server/cache/member-session-cache';
import { TtlCache } from '#server/cache/ttl-cache';
import type { EnactmentCounts } from './dashboard.queries';

/** Enactment counts are the same for every member and change only when a sync runs. */
const ENACTMENTS_TTL_MS = 60_000;

/** What the dashboard keeps in memory, one set per app (built in app-caches.ts). */
export interface DashboardCaches {
  /** the month's enactment counts, shared by every member */
  enactments: TtlCache<EnactmentCounts>;
  /** this app's copies of members' state: a member's own figures are kept with them */
  memberSessions: MemberSessionCache;
}

export function createDashboardCaches(memberSessions: MemberSessionCache): DashboardCaches {
  return { enactments: new TtlCache<EnactmentCounts>(ENACTMENTS_TTL_MS, 4), memberSessions };
}
