/**
 * Everything the server keeps in memory between requests, made once per app (buildApp, or
 * main.ts for a process's web app and jobs together) and reached through it (`app.caches`),
 * never through module variables: two apps in one process (tests) share nothing, and a new
 * app starts empty. The kinds of cache are in cache/; each area's set is made by its own module.
 */
import type { Config } from '#server/config/config';
import type { Database } from '#server/db/client';
import { AppScoped } from '#server/cache/app-scoped';
import { MemberSessionCache } from '#server/cache/member-session-cache';
import { Slabs } from '#server/cache/slabs';
import { createDashboardCaches, type DashboardCaches } from '#server/modules/dashboard/dashboard.caches';
import { createDetailCaches, type DetailCaches } from '#server/modules/legal-change-detail/detail.caches';
import {
  createSourceSearches,
  type SourceSearches,
} from '#server/modules/legal-sources/legal-sources.caches';
import {
  createLegalChangesCaches,
  type LegalChangesCaches,
} from '#server/modules/legal-changes/legal-changes.caches';
import {
  createTypeAvailabilityCache,
  type TypeAvailabilityCache,
} from '#server/modules/settings/legislation-types';
import { LocalNotifier } from '#server/modules/notifications/notifier';
import { SessionChanges, type SessionUser } from '#server/plugins/session';

/** Composed answers kept for reuse as buffers (see cache/slabs.ts). */
const SLABS_KEPT = 64;

export interface AppCaches {
  /** copies of signed-in members' state (cache/member-session-cache.ts) */
  memberSessions: MemberSessionCache<SessionUser>;
  /** buffers members' answers are written into */
  slabs: Slabs;
  legalChanges: LegalChangesCaches;
  dashboard: DashboardCaches;
  detail: DetailCaches;
  /** searches of the upstream legal sources */
  legalSourceSearches: SourceSearches;
  /** the legislation types available to everyone, as last read */
  typeAvailability: TypeAvailabilityCache;
  /** tells this app's open notification streams that member sessions may have ended */
  sessionChanges: SessionChanges;
  /** values made once per app on first use (cache/app-scoped.ts) */
  appScoped: AppScoped;
  /** tells this app's open notification streams that this process committed notifications */
  notifier: LocalNotifier;
}

export function createAppCaches(deps: { config: Config; database: Database }): AppCaches {
  // on PostgreSQL, copies are kept only while this process hears other processes' changes
  const memberSessions = new MemberSessionCache<SessionUser>({ needsListener: !deps.database.embedded });
  const slabs = new Slabs(SLABS_KEPT);
  const typeAvailability = createTypeAvailabilityCache();
  return {
    memberSessions,
    slabs,
    legalChanges: createLegalChangesCaches({
      sharedSeconds: deps.config.ANONYMOUS_ANSWER_CACHE_SECONDS,
      slabs,
      memberSessions,
      typeAvailability,
    }),
    dashboard: createDashboardCaches(memberSessions),
    detail: createDetailCaches(),
    legalSourceSearches: createSourceSearches(),
    typeAvailability,
    sessionChanges: new SessionChanges(),
    appScoped: new AppScoped(),
    notifier: new LocalNotifier(),
  };
}
