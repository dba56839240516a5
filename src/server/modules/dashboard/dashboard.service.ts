import type { DbOrTx } from '#server/db/client';
import { unauthorized } from '#server/http/errors';
import { TtlCache } from '#server/lib/ttl-cache';
import type { DashboardStats } from '#shared/schemas/dashboard';
import { monthChangePct, subscriptionStatusOf, trialFigures } from './dashboard.figures';
import type { MemberSessionCache } from '#server/plugins/member-session-cache';
import { enactmentCounts, memberStats, type EnactmentCounts } from './dashboard.queries';

/** Enactment counts are the same for every member and change only when a sync runs. */
const enactments = new TtlCache<EnactmentCounts>(60_000, 4);

/**
 * The dashboard's figures. A member's own (`memberStats`) are kept in `kept` (this process's
 * copies of members' state) until anything of theirs changes: a follow, a notification written
 * or read, a message sent (their rows' triggers say so), or the copies' lifetime passes.
 */
export async function dashboardStatsFor(
  db: DbOrTx,
  userId: number,
  now = new Date(),
  kept?: MemberSessionCache,
): Promise<DashboardStats> {
  const [member, enacted] = await Promise.all([
    kept ? kept.remember(userId, 'dashboard', () => memberStats(db, userId)) : memberStats(db, userId),
    enactments.getOrLoad('uk', () => enactmentCounts(db)),
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

export function clearEnactmentCounts(): void {
  enactments.clear();
}
