import { z } from 'zod';
import { SUBSCRIPTION_TIERS } from '../tiers';

export const SUBSCRIPTION_STATUSES = ['trial', 'expired', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /api/dashboard/stats: every figure computed from the member's real data. */
export const dashboardStats = z.object({
  /** items the member follows */
  activeTrackings: z.number(),
  /** changes detected in the last 30 days on followed items (since following) whose notification is unread */
  pendingChanges: z.number(),
  /** laws enacted this calendar month (UK time) */
  thisMonth: z.number(),
  /** laws enacted in the whole of last month */
  enactedLastMonth: z.number(),
  /** laws enacted last month up to the same day of the month as today */
  enactedLastMonthToDate: z.number(),
  /** this month so far against the same days of last month, in whole percent; null when last month had none */
  thisMonthChangePct: z.number().nullable(),
  /** followed items whose consultation closes within the next 14 days */
  requireAction: z.number(),
  /** emails and SMS sent to the member (or kept, with no provider configured) */
  notificationsSent: z.number(),
  /** 0-100: days of the 30-day trial used; null for paid plans */
  trialProgress: z.number().nullable(),
  /** whole days left of the trial (0 once over); null for paid plans */
  daysRemaining: z.number().nullable(),
  trialEndsAt: z.string().nullable(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

export const REQUIRE_ACTION_DAYS = 14;
export const PENDING_CHANGES_DAYS = 30;
export const MAX_UPCOMING_DEADLINES = 10;

/** GET /api/upcoming-deadlines */
export const upcomingDeadlinesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_UPCOMING_DEADLINES).default(MAX_UPCOMING_DEADLINES),
});
export type UpcomingDeadlinesQuery = z.infer<typeof upcomingDeadlinesQuery>;

export const upcomingDeadline = z.object({
  id: z.number(),
  title: z.string(),
  consultationEndDate: z.string(),
  /** the member follows this item (followed items come first) */
  followed: z.boolean(),
});
export type UpcomingDeadline = z.infer<typeof upcomingDeadline>;
export const upcomingDeadlineList = z.array(upcomingDeadline);
