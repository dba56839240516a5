import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { OUTBOX_CHANNELS, OUTBOX_STATUSES } from '#shared/outbox';
import { WEBHOOK_KINDS } from '#shared/team-chat';
import { createdAt, ts } from './columns';
import { pushSubscriptions } from './push';
import { changeEvents } from './sync';
import { users } from './users';

/** In-app notifications (the bell and side panel). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** news | new | update | legislative | consultation_deadline | enactment */
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /**
     * The legal change page's tab the notification opens (news | amendments | timeline), decided
     * on the English words when it is written, as title and message are in the member's language.
     * Null on rows written before it was kept: decided then from the message, which was English.
     */
    tab: text('tab'),
    // Plain ids, no foreign keys: legal changes and change events are never deleted (a withdrawn
    // item keeps its row), and the matcher writes tens of thousands of rows a batch, where each
    // key would cost a lookup per row. The member key stays, for account deletion.
    legislationId: integer('legislation_id'),
    changeEventId: integer('change_event_id'),
    /** (member, event, channel) style key: a re-run never notifies twice */
    dedupeKey: text('dedupe_key').notNull(),
    readAt: ts('read_at'),
    dismissedAt: ts('dismissed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * A member's Slack or Microsoft Teams incoming webhook. `url` is a secret: never logged, never
 * returned whole. `failure_count` counts failed posts in a row; at 5 the hook is disabled.
 */
export const userWebhooks = pgTable(
  'user_webhooks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: WEBHOOK_KINDS }).notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
    disabledAt: ts('disabled_at'),
    failureCount: integer('failure_count').notNull().default(0),
    lastError: text('last_error'),
    /** a generic hook's `whsec_…` signing secret (it signs every delivery); null for team chats */
    signingSecret: text('signing_secret'),
  },
  (t) => [
    index('user_webhooks_user_idx').on(t.userId),
    check('user_webhooks_kind_check', sql`${t.kind} in ('slack', 'teams', 'generic')`),
  ],
);

/**
 * Every email, SMS, webhook post and browser push, queued here first and sent by a job. With no provider configured,
 * messages end 'kept': stored in full for the admin to read, never silently dropped.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    /** verification | password_reset | alert | alert_roundup | digest | deadline | phone_code | sms_budget | test */
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    /** the hook a 'webhook' message goes to (its recipient is the masked URL) */
    webhookId: integer('webhook_id').references(() => userWebhooks.id, { onDelete: 'set null' }),
    /** the item an alert is about, for the member's delivery log (no key: see notifications) */
    legalChangeId: integer('legal_change_id'),
    /** the browser a 'push' message goes to (its recipient is the push service's host) */
    pushSubscriptionId: integer('push_subscription_id').references(() => pushSubscriptions.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_uq').on(t.dedupeKey),
    index('outbox_user_id_idx').on(t.userId, t.id.desc()),
    check('outbox_channel_check', sql`${t.channel} in ('email', 'sms', 'webhook', 'push')`),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt.desc()),
    // the administrator's notification log finds a recipient by the full address
    index('outbox_recipient_idx').on(sql`lower(${t.recipient})`),
    // the SMS budget counts today's sent texts on every claim
    index('outbox_sms_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.channel} = 'sms' and ${t.status} = 'sent'`),
  ],
);

/** Alerts matched to a member, waiting for an immediate send or a digest. */
export const alertItems = pgTable(
  'alert_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changeEventId: integer('change_event_id')
      .notNull()
      .references(() => changeEvents.id, { onDelete: 'cascade' }),
    /** the event's item, kept beside it for the senders' joins (no key of its own: see notifications) */
    legalChangeId: integer('legal_change_id').notNull(),
    /** why it matched: follow | search_term */
    reason: text('reason').notNull(),
    detail: jsonb('detail'),
    frequency: text('frequency', { enum: ['immediate', 'daily', 'weekly'] }).notNull(),
    emailQueuedAt: ts('email_queued_at'),
    smsQueuedAt: ts('sms_queued_at'),
    /** the member had had the day's alert text: this one waits for the next morning's round-up */
    smsHeldAt: ts('sms_held_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_items_user_event_uq').on(t.userId, t.changeEventId),
    index('alert_items_pending_idx').on(t.frequency, t.emailQueuedAt),
    index('alert_items_sms_held_idx')
      .on(t.userId)
      .where(sql`${t.smsHeldAt} is not null and ${t.smsQueuedAt} is null`),
  ],
);
