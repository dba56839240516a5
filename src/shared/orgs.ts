/**
 * Compliance teams: an organisation's roles, the assessment of each watched item and the seats
 * of the team plan. Zod-free, so the screens can use them without the schemas.
 */

/** owner: billing and everything; admin: members and watchlist; member: assess and comment; viewer: read only */
export const ORG_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** New → Assessing → Action required → In progress → Done, or Not applicable. */
export const ASSESSMENT_STATUSES = [
  'new',
  'assessing',
  'action_required',
  'in_progress',
  'done',
  'not_applicable',
] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** Closed statuses: a new change to the item reopens it to 'assessing'. */
export const CLOSED_ASSESSMENT_STATUSES: readonly AssessmentStatus[] = ['done', 'not_applicable'];
/** Open actions in the board pack. */
export const OPEN_ACTION_STATUSES: readonly AssessmentStatus[] = ['action_required', 'in_progress'];

export const RELEVANCE_LEVELS = ['high', 'medium', 'low'] as const;
export type Relevance = (typeof RELEVANCE_LEVELS)[number];

/** Seats the Premium plan includes; more are bought per seat. */
export const INCLUDED_SEATS = 5;
/** A seat a month, in pence. */
export const SEAT_MONTHLY_PRICE = 1000;
/** The price's lookup key at the payment provider (the seat item of the subscription). */
export const SEAT_PRICE_LOOKUP_KEY = 'lexwatch_seat_month';
/** Most seats bought in one go. */
export const MAX_SEATS_PER_PURCHASE = 100;

export const INVITE_VALID_DAYS = 14;
export const ORG_NAME_MAX = 120;
export const COMMENT_MAX = 5000;
export const IMPACT_NOTE_MAX = 5000;

/** The horizon's kinds of dated event. */
export const HORIZON_KINDS = [
  'consultation_end',
  'commencement',
  'effect_in_force',
  'stage',
  'assessment_due',
] as const;
export type HorizonKind = (typeof HORIZON_KINDS)[number];

/** What the activity log records. */
export const ACTIVITY_ACTIONS = [
  'org_created',
  'member_invited',
  'member_joined',
  'member_role_changed',
  'member_removed',
  'watchlist_added',
  'watchlist_removed',
  'assessment_updated',
  'assessment_reopened',
  'comment_added',
  'comment_deleted',
  'seats_requested',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
