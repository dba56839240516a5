import type { Db } from '#server/db/client';
import { unauthorized } from '#server/http/errors';
import type { DashboardStats, UpcomingDeadline } from '#shared/schemas/dashboard';
import type { DashboardCaches } from './dashboard.caches';
import { monthChangePct, subscriptionStatusOf, trialFigures } from './dashboard.figures';
import {
  enactmentCounts,
  memberStats,
  prepareMemberStats,
  upcomingDeadlines,
  type MemberStatsStatement,
} from './dashboard.queries';

export interface DashboardService {
  /** the dashboard's figures for a member */
  stats(userId: number, now?: Date): Promise<DashboardStats>;
  /** consultations still open, soonest first, the member's followed ones first */
  deadlines(userId: number, limit: number): Promise<UpcomingDeadline[]>;
}

/** The dashboard of one app: its database, its caches and its prepared statement. */
export function dashboardService(db: Db, caches: DashboardCaches): DashboardService {
  const statement = prepareMemberStats(db);
  return {
    stats: (userId, now = new Date()) => dashboardStatsFor(db, statement, caches, userId, now),
    async deadlines(userId, limit) {
      const rows = await upcomingDeadlines(db, userId, limit);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        consultationEndDate: r.consultationEndDate,
        followed: r.followed,
      }));
    },
  };
}

/**
 * The dashboard's figures. A member's own (`memberStats`) are kept with the app's copies of
 * members' state until anything of theirs changes: a follow, a notification written or read, a
 * message sent (their rows' triggers say so), or the copies' lifetime passes.
 */
async function dashboardStatsFor(
  db: Db,
  statement: MemberStatsStatement,
  caches: DashboardCaches,
  userId: number,
  now: Date,
): Promise<DashboardStats> {
  const [member, enacted] = await Promise.all([
    caches.memberSessions.remember(userId, 'dashboard', () => memberStats(statement, userId)),
    caches.enactments.getOrLoad('uk', () => enactmentCounts(db)),
  ]);
  if (!member) throw unauthorized();
  const trial = trialFigures(member.subscriptionTier, member.trialEndsAt, now);
  return {
    activeTrackings: member.activeTrackings,
    pendingChanges: member.pendingChanges,
    thisMonth: enacted.thisMonth,
    enactedLastMonth: enacted.lastMonth,
    enactedLastMonthToDate: enacted.lastMonthToDate,
    thisMonthChangePct: monthChangePct(enacted.thisMonth, enacted.lastMonthToDate),
    requireAction: member.requireAction,
    notificationsSent: member.notificationsSent,
    trialProgress: trial.trialProgress,
    daysRemaining: trial.daysRemaining,
    trialEndsAt: member.subscriptionTier === 'trial' ? member.trialEndsAt.toISOString() : null,
    subscriptionTier: member.subscriptionTier,
    subscriptionStatus: subscriptionStatusOf(
      member.subscriptionTier,
      member.subscriptionStatus,
      trial.daysRemaining,
    ),
  };
}
