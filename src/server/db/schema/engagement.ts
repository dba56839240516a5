import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { legalChanges } from './legislation';
import { jurisdictions, lawAreas, legislationTypes } from './reference';
import { users } from './users';

/** One follow-or-dismiss per member and item. */
export const userActions = pgTable(
  'user_actions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['followed', 'dismissed'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('user_actions_user_item_uq').on(t.userId, t.legalChangeId),
    index('user_actions_item_action_idx').on(t.legalChangeId, t.action),
    index('user_actions_user_action_idx').on(t.userId, t.action),
  ],
);

/** Tracked jurisdiction + law area pairs (Manage Subscriptions). */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jurisdictionId: integer('jurisdiction_id')
      .notNull()
      .references(() => jurisdictions.id),
    lawAreaId: integer('law_area_id')
      .notNull()
      .references(() => lawAreas.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [unique('user_subscriptions_uq').on(t.userId, t.jurisdictionId, t.lawAreaId)],
);

/** Which legislation types a member wants; a missing row means the type's default (on). */
export const userLegislationPreferences = pgTable(
  'user_legislation_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    legislationTypeCode: text('legislation_type_code')
      .notNull()
      .references(() => legislationTypes.code),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.legislationTypeCode] })],
);

export const ALERT_FREQUENCIES = ['immediate', 'daily', 'weekly'] as const;

/** Alert frequency and types; the channels live on the user (email/SMS switches). */
export const alertPreferences = pgTable('alert_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  alertFrequency: text('alert_frequency', { enum: ALERT_FREQUENCIES }).notNull().default('immediate'),
  newBillAlerts: boolean('new_bill_alerts').notNull().default(true),
  statusChangeAlerts: boolean('status_change_alerts').notNull().default(true),
  stageChangeAlerts: boolean('stage_change_alerts').notNull().default(true),
  deadlineAlerts: boolean('deadline_alerts').notNull().default(false),
  /** changes legislation.gov.uk records on followed Acts and instruments */
  lawInForceAlerts: boolean('law_in_force_alerts').notNull().default(true),
  lastDigestSentAt: ts('last_digest_sent_at'),
  updatedAt: updatedAt(),
});

export const searchTerms = pgTable(
  'search_terms',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchTerm: text('search_term').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('search_terms_user_term_uq').on(t.userId, sql`lower(${t.searchTerm})`),
    index('search_terms_active_idx').on(t.isActive),
  ],
);

export const cookiePreferences = pgTable('cookie_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  analytics: boolean('analytics').notNull().default(false),
  marketing: boolean('marketing').notNull().default(false),
  functional: boolean('functional').notNull().default(false),
  consentDate: ts('consent_date').notNull().defaultNow(),
  /** the policy version agreed to; null for a choice made before versions were recorded */
  policyVersion: text('policy_version'),
  updatedAt: updatedAt(),
});

/** Every cookie choice a member saved, oldest first: what was agreed, under which policy, when. */
export const cookieConsentRecords = pgTable(
  'cookie_consent_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    analytics: boolean('analytics').notNull(),
    functional: boolean('functional').notNull(),
    marketing: boolean('marketing').notNull(),
    policyVersion: text('policy_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cookie_consent_records_user_idx').on(t.userId, t.createdAt)],
);
