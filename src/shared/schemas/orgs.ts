/** Compliance teams: /api/orgs and everything under it. */
import { z } from 'zod';
import {
  ACTIVITY_ACTIONS,
  ASSESSMENT_STATUSES,
  COMMENT_MAX,
  HORIZON_KINDS,
  IMPACT_NOTE_MAX,
  MAX_SEATS_PER_PURCHASE,
  ORG_NAME_MAX,
  ORG_ROLES,
  RELEVANCE_LEVELS,
} from '../orgs';
import { idSchema } from './common';

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01';
  }, 'must be a real date');

const email = z.string().trim().toLowerCase().max(254).email();

export const orgIdParams = z.object({ id: idSchema });
export const orgMemberParams = orgIdParams.extend({ userId: idSchema });
export const orgItemParams = orgIdParams.extend({ legalChangeId: idSchema });
export const orgCommentParams = orgIdParams.extend({ commentId: idSchema });

export const createOrgBody = z.object({ name: z.string().trim().min(1).max(ORG_NAME_MAX) });
export const orgCreated = z.object({ id: z.number(), name: z.string(), role: z.enum(ORG_ROLES) });

export const orgMember = z.object({
  userId: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ORG_ROLES),
});
export const currentOrg = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(ORG_ROLES),
  seats: z.object({ included: z.number(), purchased: z.number(), used: z.number() }),
  members: z.array(orgMember),
});
export type CurrentOrg = z.infer<typeof currentOrg>;

export const inviteBody = z.object({ email, role: z.enum(ORG_ROLES) });
export const inviteCreated = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ORG_ROLES),
  expiresAt: z.string(),
});
export const acceptInviteBody = z.object({ token: z.string().min(10).max(200) });
export const inviteAccepted = z.object({ id: z.number(), name: z.string(), role: z.enum(ORG_ROLES) });
export const changeRoleBody = z.object({ role: z.enum(ORG_ROLES) });

export const buySeatsBody = z.object({ add: z.number().int().min(1).max(MAX_SEATS_PER_PURCHASE) });
export const buySeatsResponse = z.object({
  /** null when the saved card paid at once (nothing to confirm) */
  clientSecret: z.string().nullable(),
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
  quantity: z.number(),
});

export const watchlistBody = z.object({ legalChangeId: z.number().int().positive().max(2_147_483_647) });
export const watchlistEntry = z.object({
  legalChangeId: z.number(),
  title: z.string(),
  legislationType: z.string(),
  addedAt: z.string(),
  addedBy: z.number().nullable(),
});
export const watchlist = z.object({ items: z.array(watchlistEntry) });

export const assessmentFields = z.object({
  status: z.enum(ASSESSMENT_STATUSES),
  relevance: z.enum(RELEVANCE_LEVELS).nullable(),
  ownerUserId: z.number().int().positive().max(2_147_483_647).nullable(),
  dueDate: calendarDate.nullable(),
  impactNote: z.string().max(IMPACT_NOTE_MAX).nullable(),
});
export const assessmentBody = assessmentFields
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'name at least one field');
export type AssessmentUpdate = z.infer<typeof assessmentBody>;

const actor = z.object({ userId: z.number().nullable(), email: z.string().nullable() });
export const assessmentSchema = assessmentFields.extend({
  updatedAt: z.string().nullable(),
  history: z.array(
    z.object({
      at: z.string(),
      by: actor,
      changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
      reason: z.string().nullable(),
    }),
  ),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const commentBody = z.object({ body: z.string().trim().min(1).max(COMMENT_MAX) });
export const commentSchema = z.object({
  id: z.number(),
  body: z.string(),
  author: actor,
  mentions: z.array(z.number()),
  createdAt: z.string(),
});
export const commentList = z.object({ comments: z.array(commentSchema) });

export const teamItemsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(50),
  status: z.enum(ASSESSMENT_STATUSES).optional(),
  ownerUserId: idSchema.optional(),
  dueBefore: calendarDate.optional(),
  assigned: z.enum(['me']).optional(),
});
export const teamItem = z.object({
  legalChangeId: z.number(),
  title: z.string(),
  legislationType: z.string(),
  category: z.string(),
  itemStatus: z.string(),
  currentStage: z.string().nullable(),
  lastChangeAt: z.string().nullable(),
  addedAt: z.string(),
  assessment: assessmentFields.extend({ updatedAt: z.string().nullable() }),
});
export const teamItems = z.object({
  data: z.array(teamItem),
  total: z.number(),
  hasMore: z.boolean(),
  page: z.number(),
  limit: z.number(),
});
export type TeamItems = z.infer<typeof teamItems>;

const dateRange = z
  .object({ from: calendarDate.optional(), to: calendarDate.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export const horizonQuery = dateRange;
export const horizon = z.object({
  events: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(HORIZON_KINDS),
      legalChangeId: z.number(),
      title: z.string(),
    }),
  ),
});
export const orgFeeds = z.object({ calendarUrl: z.string() });
export const orgFeedParams = z.object({ token: z.string().max(80) });

export const activityQuery = z.object({
  cursor: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const activity = z.object({
  entries: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      actor,
      action: z.enum(ACTIVITY_ACTIONS),
      legalChangeId: z.number().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const reportQuery = dateRange;
