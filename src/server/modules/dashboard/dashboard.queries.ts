import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client';
import { changeEvents, legalChanges, notifications, outbox, userActions, users } from '#server/db/schema';
import { PENDING_CHANGES_DAYS, REQUIRE_ACTION_DAYS } from '#shared/schemas/dashboard';
import type { SubscriptionTier } from '#shared/tiers';

const lc = legalChanges;
const ua = userActions;

/** Today's date in the UK, where the product's months and deadlines are counted. */
export const ukToday = sql`(now() at time zone 'Europe/London')::date`;

export interface MemberStatsRow {
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: string;
  trialEndsAt: Date;
  activeTrackings: number;
  pendingChanges: number;
  requireAction: number;
  notificationsSent: number;
}

/**
 * Every member-specific figure of the dashboard in one statement. The subqueries are built
 * as their own fragments so that their columns stay qualified by table.
 */
export function prepareMemberStats(db: Db) {
  const userId = sql.placeholder('userId');
  const followed = sql`${ua.userId} = ${userId} and ${ua.action} = 'followed'`;
  const activeTrackings = sql`select count(*) from ${ua} where ${followed}`;
  // changes on followed items since they were followed, in the window, whose notification is not read
  const pendingChanges = sql`select count(*) from ${changeEvents}
    join ${ua} on ${ua.legalChangeId} = ${changeEvents.legalChangeId} and ${followed}
    where ${changeEvents.detectedAt} >= now() - make_interval(days => ${PENDING_CHANGES_DAYS})
      and ${changeEvents.detectedAt} >= ${ua.updatedAt}
      and not exists (select 1 from ${notifications} where ${notifications.userId} = ${userId}
        and ${notifications.changeEventId} = ${changeEvents.id} and ${notifications.readAt} is not null)`;
  const requireAction = sql`select count(*) from ${ua} join ${lc} on ${lc.id} = ${ua.legalChangeId}
    where ${followed} and ${lc.consultationEndDate} between ${ukToday} and ${ukToday} + ${REQUIRE_ACTION_DAYS}::int`;
  const notificationsSent = sql`select count(*) from ${outbox} where ${outbox.userId} = ${userId} and ${outbox.status} in ('sent', 'kept')`;
  return db
    .select({
      subscriptionTier: users.subscriptionTier,
      subscriptionStatus: users.subscriptionStatus,
      trialEndsAt: users.trialEndsAt,
      activeTrackings: sql<number>`(${activeTrackings})::int`,
      pendingChanges: sql<number>`(${pendingChanges})::int`,
      requireAction: sql<number>`(${requireAction})::int`,
      notificationsSent: sql<number>`(${notificationsSent})::int`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare('dashboard_member_stats');
}

/** The member's figures, one statement prepared once per app (each connection plans it once). */
export type MemberStatsStatement = ReturnType<typeof prepareMemberStats>;

export async function memberStats(
  statement: MemberStatsStatement,
  userId: number,
): Promise<MemberStatsRow | null> {
  const [row] = await statement.execute({ userId });
  return row ?? null;
}

export interface EnactmentCounts {
  thisMonth: number;
  lastMonth: number;
  lastMonthToDate: number;
}

/**
 * Laws enacted this month so far, in the whole of last month and in last month up to the
 * same day (UK dates), in one scan. Shared by every member.
 */
export async function enactmentCounts(db: DbOrTx): Promise<EnactmentCounts> {
  const { rows } = await db.execute<{
    this_month: number;
    last_month: number;
    last_month_to_date: number;
  }>(sql`
    with bounds as (
      select date_trunc('month', t)::date as this_start,
             (date_trunc('month', t) - interval '1 month')::date as last_start,
             t - date_trunc('month', t)::date + 1 as days_so_far
      from (select ${ukToday} as t) today
    )
    select
      count(*) filter (where ${lc.enactmentDate} >= b.this_start)::int as this_month,
      count(*) filter (where ${lc.enactmentDate} < b.this_start)::int as last_month,
      count(*) filter (where ${lc.enactmentDate} < least(b.this_start, b.last_start + b.days_so_far))::int as last_month_to_date
    from ${lc}, bounds b
    where ${lc.enactmentDate} >= b.last_start and ${lc.enactmentDate} < (b.this_start + interval '1 month')::date`);
  const r = rows[0];
  return {
    thisMonth: r?.this_month ?? 0,
    lastMonth: r?.last_month ?? 0,
    lastMonthToDate: r?.last_month_to_date ?? 0,
  };
}

export type DeadlineRow = {
  id: number;
  title: string;
  consultationEndDate: string;
  followed: boolean;
};

/**
 * Consultations still open (closing today or later), soonest first, the member's followed
 * items before others; dismissed items are left out. Two index-ordered branches, each limited.
 */
export async function upcomingDeadlines(db: DbOrTx, userId: number, limit: number): Promise<DeadlineRow[]> {
  const { rows } = await db.execute<DeadlineRow>(sql`
    select id, title, "consultationEndDate", followed from (
      (select ${lc.id} as id, ${lc.title} as title, ${lc.consultationEndDate} as "consultationEndDate", true as followed
       from ${lc} join ${ua} on ${ua.legalChangeId} = ${lc.id} and ${ua.userId} = ${userId} and ${ua.action} = 'followed'
       where ${lc.consultationEndDate} >= ${ukToday}
       order by ${lc.consultationEndDate}, ${lc.id} limit ${limit})
      union all
      (select ${lc.id}, ${lc.title}, ${lc.consultationEndDate}, false
       from ${lc}
       where ${lc.consultationEndDate} >= ${ukToday}
         and not exists (select 1 from ${ua} where ${ua.userId} = ${userId} and ${ua.legalChangeId} = ${lc.id})
       order by ${lc.consultationEndDate}, ${lc.id} limit ${limit})
    ) deadlines
    order by followed desc, "consultationEndDate", id
    limit ${limit}`);
  return rows;
}
