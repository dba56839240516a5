/**
 * Plans and payments in the database: the member's billing columns, payments, the provider's
 * events stored once by id, the test mode's checkouts, and the trial's reminders and expiry.
 */
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { billingEvents, organisations, payments, testCheckouts, users } from '#server/db/schema';

type UserValues = Partial<typeof users.$inferInsert>;
export type PaymentValues = typeof payments.$inferInsert;

export async function checkoutMember(db: DbOrTx, params: { userId: number }) {
  const [user] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      tier: users.subscriptionTier,
      status: users.subscriptionStatus,
      customerId: users.billingCustomerId,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, params.userId));
  return user ?? null;
}

/** The member's plan as GET /api/billing/status tells it. */
export async function billingStatusOf(db: DbOrTx, params: { userId: number }) {
  const [row] = await db
    .select({
      tier: users.subscriptionTier,
      status: users.subscriptionStatus,
      interval: users.billingInterval,
      currentPeriodEnd: users.currentPeriodEnd,
      cancelAt: users.cancelAt,
      trialEndsAt: users.trialEndsAt,
    })
    .from(users)
    .where(eq(users.id, params.userId));
  return row ?? null;
}

/** What cancelling needs: the plan, its provider subscription and its period. */
export async function cancellableSubscription(db: DbOrTx, params: { userId: number }) {
  const [row] = await db
    .select({
      tier: users.subscriptionTier,
      status: users.subscriptionStatus,
      subscriptionId: users.billingSubscriptionId,
      currentPeriodEnd: users.currentPeriodEnd,
    })
    .from(users)
    .where(eq(users.id, params.userId));
  return row ?? null;
}

export async function updateMemberBilling(
  db: DbOrTx,
  params: { userId: number; values: UserValues },
): Promise<void> {
  await db.update(users).set(params.values).where(eq(users.id, params.userId));
}

/** Sets the member's provider customer unless they have one already. */
export async function setCustomerIfNone(db: DbOrTx, params: { userId: number; customerId: string }) {
  await db
    .update(users)
    .set({ billingCustomerId: params.customerId })
    .where(and(eq(users.id, params.userId), isNull(users.billingCustomerId)));
}

export async function memberIdByCustomer(db: DbOrTx, params: { customerId: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.billingCustomerId, params.customerId));
  return row?.id ?? null;
}

export async function memberCustomer(db: DbOrTx, params: { userId: number }) {
  const [row] = await db
    .select({ id: users.id, customer: users.billingCustomerId })
    .from(users)
    .where(eq(users.id, params.userId));
  return row ?? null;
}

/** When the member's billing was last changed by an event; the row stays locked until commit. */
export async function lockBillingUpdatedAt(db: DbOrTx, params: { userId: number }) {
  const [current] = await db
    .select({ at: users.billingUpdatedAt })
    .from(users)
    .where(eq(users.id, params.userId))
    .for('update');
  return current?.at ?? null;
}

/** Stores a provider event's id once; false when it was already stored. */
export async function insertBillingEvent(
  db: DbOrTx,
  params: { id: string; type: string; eventCreatedAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values(params)
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

/** A paid invoice stays paid when a later event about it says otherwise. */
export async function upsertPayment(db: DbOrTx, values: PaymentValues): Promise<void> {
  await db
    .insert(payments)
    .values(values)
    .onConflictDoUpdate({
      target: payments.providerInvoiceId,
      set: {
        status: sql`case when ${payments.status} = 'paid' then 'paid' else excluded.status end`,
        paidAt: sql`coalesce(${payments.paidAt}, excluded.paid_at)`,
      },
    });
}

export async function firstPaidPayment(db: DbOrTx, params: { userId: number }) {
  const [first] = await db
    .select({ paidAt: payments.paidAt, createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.userId, params.userId), eq(payments.status, 'paid')))
    .orderBy(payments.createdAt)
    .limit(1);
  return first ?? null;
}

export async function paymentsOf(db: DbOrTx, params: { userId: number; limit: number }) {
  return db
    .select({
      id: payments.id,
      amountPence: payments.amountPence,
      currency: payments.currency,
      status: payments.status,
      tier: payments.tier,
      interval: payments.interval,
      description: payments.description,
      hostedInvoiceUrl: payments.hostedInvoiceUrl,
      testMode: payments.testMode,
      paidAt: payments.paidAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.userId, params.userId))
    .orderBy(desc(payments.createdAt))
    .limit(params.limit);
}

export async function insertTestCheckout(db: DbOrTx, values: typeof testCheckouts.$inferInsert) {
  await db.insert(testCheckouts).values(values);
}

/** Confirms an unconfirmed test checkout of the member by its secret's hash; null when none. */
export async function confirmTestCheckoutRow(db: DbOrTx, params: { userId: number; secretHash: string }) {
  const [checkout] = await db
    .update(testCheckouts)
    .set({ confirmedAt: new Date() })
    .where(
      and(
        eq(testCheckouts.secretHash, params.secretHash),
        eq(testCheckouts.userId, params.userId),
        isNull(testCheckouts.confirmedAt),
      ),
    )
    .returning({
      tier: testCheckouts.tier,
      interval: testCheckouts.interval,
      subscriptionId: testCheckouts.subscriptionId,
      seatQuantity: testCheckouts.seatQuantity,
    });
  return checkout ?? null;
}

/** The seat item's quantity on a member's subscription: the seats bought for their organisation. */
export async function setPurchasedSeats(db: DbOrTx, params: { userId: number; seats: number }) {
  await db
    .update(organisations)
    .set({ purchasedSeats: params.seats })
    .where(eq(organisations.billingUserId, params.userId));
}

/** Trialing members whose trial ends within (from, until] and who have had fewer than `stage` reminders. */
export async function trialsEndingBetween(
  db: DbOrTx,
  params: { from: Date; until: Date; stage: number; limit: number },
) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      timezone: users.timezone,
      trialEndsAt: users.trialEndsAt,
    })
    .from(users)
    .where(
      and(
        eq(users.subscriptionTier, 'trial'),
        eq(users.subscriptionStatus, 'trialing'),
        gt(users.trialEndsAt, params.from),
        lte(users.trialEndsAt, params.until),
        sql`${users.trialRemindersSent} < ${params.stage}`,
      ),
    )
    .limit(params.limit);
}

/** Trials that ended by `now` become 'expired'; answers the members whose trial expired. */
export async function expireEndedTrials(db: DbOrTx, params: { now: Date }) {
  return db
    .update(users)
    .set({ subscriptionStatus: 'expired', updatedAt: params.now })
    .where(
      and(
        eq(users.subscriptionTier, 'trial'),
        eq(users.subscriptionStatus, 'trialing'),
        lte(users.trialEndsAt, params.now),
      ),
    )
    .returning({ id: users.id, email: users.email, firstName: users.firstName, language: users.language });
}
