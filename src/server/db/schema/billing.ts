import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { users } from './users';

/** Every payment provider event, stored once by its id: a replayed event changes nothing twice. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** the provider's creation time of the event (orders updates that arrive out of order) */
  eventCreatedAt: ts('event_created_at').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/**
 * Payments and invoices, kept 7 years (privacy policy). They outlive the member's account:
 * the link to the member is cleared when the account is deleted, the record stays.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').notNull(),
    tier: text('tier'),
    interval: text('interval'),
    description: text('description'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    testMode: text('test_mode').notNull().default('false'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_invoice_uq').on(t.providerInvoiceId),
    index('payments_user_idx').on(t.userId),
  ],
);

/** A checkout of the embedded test mode, waiting for its confirmation (no card, no money). */
export const testCheckouts = pgTable(
  'test_checkouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    tier: text('tier').notNull(),
    interval: text('interval').notNull(),
    /** a seat purchase (tier 'seats'): the seat item's quantity once confirmed */
    seatQuantity: integer('seat_quantity'),
    confirmedAt: ts('confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('test_checkouts_secret_uq').on(t.secretHash),
    index('test_checkouts_pending_idx')
      .on(t.userId)
      .where(sql`${t.confirmedAt} is null`),
  ],
);
