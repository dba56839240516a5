import type { DbOrTx } from '#server/db/client';
import { unauthorized } from '#server/http/errors';
import { TtlCache } from '#server/lib/ttl-cache';
import type { DashboardStats } from '#shared/schemas/dashboard';
import { monthChangePct, subscriptionStatusOf, trialFigures } from './dashboard.figures';
import { enactmentCounts, memberStats, type EnactmentCounts } from './dashboard.queries';

/** Enactment counts are the same for every member and change only when a sync runs. */
const enactments = new TtlCache<EnactmentCounts>(60_000, 4);

export async function dashboardStatsFor(
  db: DbOrTx,
  userId: number,
  now = new Date(),
): Promise<DashboardStats> {
  const [member, enacted] = await Promise.all([
    memberStats(db, userId),
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
