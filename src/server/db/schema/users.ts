import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_TIERS } from '#shared/tiers';
import { createdAt, ts, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name'),
    subscriptionTier: text('subscription_tier', { enum: SUBSCRIPTION_TIERS }).notNull().default('trial'),
    /** trialing | active | past_due | canceled | expired */
    subscriptionStatus: text('subscription_status').notNull().default('trialing'),
    trialEndsAt: ts('trial_ends_at').notNull(),
    phoneNumber: text('phone_number'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    emailVerifiedAt: ts('email_verified_at'),
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    smsNotificationsEnabled: boolean('sms_notifications_enabled').notNull().default(false),
    emailNewsAlertsEnabled: boolean('email_news_alerts_enabled').notNull().default(false),
    smsAlertsEnabled: boolean('sms_alerts_enabled').notNull().default(false),
    /** when the member's last legislative alert text was queued: one a day, the rest wait for the morning round-up */
    lastAlertSmsAt: ts('last_alert_sms_at'),
    language: text('language').notNull().default('en'),
    country: text('country'),
    timezone: text('timezone').notNull().default('Europe/London'),
    lastLoginAt: ts('last_login_at'),
    /** set by the administrator: the member cannot sign in and their sessions are ended */
    suspendedAt: ts('suspended_at'),
    /** the payment provider's customer and subscription (or the embedded test mode's) */
    billingCustomerId: text('billing_customer_id'),
    billingSubscriptionId: text('billing_subscription_id'),
    billingInterval: text('billing_interval'),
    currentPeriodEnd: ts('current_period_end'),
    /** when a scheduled cancellation takes effect */
    cancelAt: ts('cancel_at'),
    /** creation time of the provider event last applied (older events arriving late are ignored) */
    billingUpdatedAt: ts('billing_updated_at'),
    /** trial-ending reminders sent: 0, 1 (7 days before) or 2 (1 day before) */
    trialRemindersSent: integer('trial_reminders_sent').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_billing_customer_uq').on(t.billingCustomerId),
  ],
);

/** Member and admin sessions. Only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    keepLoggedIn: boolean('keep_logged_in').notNull().default(false),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /** an administrator session's administrator (admins.id; removing them ends it) */
    adminId: integer('admin_id'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_admin_idx').on(t.adminId),
  ],
);

/** A sign-up waiting for its emailed 6-digit code; `id` is the client's tempUserId. */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: ts('code_expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    sendCount: integer('send_count').notNull().default(1),
    sendWindowStartedAt: ts('send_window_started_at').notNull().defaultNow(),
    /** the language the sign-up was made in: the code email's, and the new account's */
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [index('pending_registrations_email_idx').on(sql`lower(${t.email})`)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Codes sent by SMS to prove a phone number. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_verifications_user_idx').on(t.userId),
    index('phone_verifications_phone_idx').on(t.phoneNumber, t.createdAt),
  ],
);

/** Shared fixed-window counters for limits that must hold across processes. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: ts('reset_at').notNull(),
});

/**
 * The API rate limits of @fastify/rate-limit (global per address, and per route), one row per key
 * and fixed window, shared by every web process (an unlogged table; see plugins/rate-limit-store.ts).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'rate_limit_hits_pkey', columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_window_start_idx').on(t.windowStart),
  ],
);

/** A requested change of email address, waiting for the code sent to the new address. */
export const emailChanges = pgTable('email_changes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: createdAt(),
});
