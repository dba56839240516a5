/**
 * Compliance teams (migration 0026): organisations, members and invitations, the shared
 * watchlist, each item's assessment and its history, comments and the activity log.
 */
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ASSESSMENT_STATUSES, ORG_ROLES, RELEVANCE_LEVELS } from '#shared/orgs';
import { createdAt, ts } from './columns';
import { legalChanges } from './legislation';
import { users } from './users';

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** the member whose subscription carries the seats */
  billingUserId: integer('billing_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** seats bought beyond those the plan includes (the seat item's quantity, from the webhook) */
  purchasedSeats: integer('purchased_seats').notNull().default(0),
  /** the random key the team's calendar token is signed over (a new key revokes old URLs) */
  feedNonce: text('feed_nonce'),
  createdAt: createdAt(),
});

export const orgMembers = pgTable(
  'org_members',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORG_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'org_members_pk', columns: [t.orgId, t.userId] }),
    uniqueIndex('org_members_user_uq').on(t.userId),
  ],
);

export const orgInvites = pgTable(
  'org_invites',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ORG_ROLES }).notNull(),
    /** SHA-256 of the token in the email's link; the token itself is never stored */
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('org_invites_token_uq').on(t.tokenHash), index('org_invites_org_idx').on(t.orgId)],
);

export const orgWatchlist = pgTable(
  'org_watchlist',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'org_watchlist_pk', columns: [t.orgId, t.legalChangeId] }),
    index('org_watchlist_item_idx').on(t.legalChangeId),
  ],
);

export const orgAssessments = pgTable(
  'org_assessments',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ASSESSMENT_STATUSES }).notNull().default('new'),
    relevance: text('relevance', { enum: RELEVANCE_LEVELS }),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    impactNote: text('impact_note'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'org_assessments_pk', columns: [t.orgId, t.legalChangeId] }),
    index('org_assessments_item_idx').on(t.legalChangeId),
  ],
);

/** Every change of an assessment: `changes` is `{ field: [from, to] }`; `reason` says why the service made it. */
export const orgAssessmentHistory = pgTable(
  'org_assessment_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    legalChangeId: integer('legal_change_id').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    changes: jsonb('changes').notNull().$type<Record<string, [unknown, unknown]>>(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('org_assessment_history_item_idx').on(t.orgId, t.legalChangeId, t.id)],
);

export const orgComments = pgTable(
  'org_comments',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('org_comments_item_idx').on(t.orgId, t.legalChangeId, t.id)],
);

/** Who did what to which item, when (append-only). */
export const orgActivity = pgTable(
  'org_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    legalChangeId: integer('legal_change_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('org_activity_org_idx').on(t.orgId, t.id)],
);
