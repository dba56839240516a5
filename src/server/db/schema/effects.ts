import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { legalChanges } from './legislation';
import { users } from './users';

/** An effect legislation.gov.uk records on an item: amended, repealed, commenced… by what. */
export const legalChangeEffects = pgTable(
  'legal_change_effects',
  {
    id: serial('id').primaryKey(),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    effectId: text('effect_id').notNull(),
    type: text('type').notNull(),
    affectedProvisions: text('affected_provisions'),
    affectingUri: text('affecting_uri'),
    affectingTitle: text('affecting_title'),
    affectingProvisions: text('affecting_provisions'),
    applied: boolean('applied').notNull().default(false),
    requiresApplied: boolean('requires_applied').notNull().default(true),
    inForceDate: date('in_force_date', { mode: 'string' }),
    modifiedAt: ts('modified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('legal_change_effects_item_effect_uq').on(t.legalChangeId, t.effectId),
    index('legal_change_effects_item_modified_idx').on(t.legalChangeId, sql`${t.modifiedAt} DESC`),
  ],
);

/** A member's feed key: the secret in their feed URLs is derived from it and the app secret. */
export const userFeedKeys = pgTable('user_feed_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  createdAt: createdAt(),
});
