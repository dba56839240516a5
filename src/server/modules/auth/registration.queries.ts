/** Sign-ups waiting for their emailed code (`pending_registrations`; its id is the tempUserId). */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { pendingRegistrations } from '#server/db/schema';

const pr = pendingRegistrations;

export async function insertPendingRegistration(db: DbOrTx, values: typeof pr.$inferInsert) {
  await db.insert(pr).values(values);
}

/** The pending registration, locked for the rest of the transaction. */
export async function lockPendingRegistration(db: DbOrTx, id: string) {
  const [row] = await db.select().from(pr).where(eq(pr.id, id)).for('update');
  return row ?? null;
}
export type PendingRegistrationRow = NonNullable<Awaited<ReturnType<typeof lockPendingRegistration>>>;

export async function recordWrongCode(db: DbOrTx, id: string) {
  const [row] = await db
    .update(pr)
    .set({ failedAttempts: sql`${pr.failedAttempts} + 1` })
    .where(eq(pr.id, id))
    .returning({ failedAttempts: pr.failedAttempts });
  return row?.failedAttempts ?? 0;
}

export async function replaceCode(
  db: DbOrTx,
  id: string,
  values: { codeHash: string; codeExpiresAt: Date; sendCount: number; sendWindowStartedAt: Date },
) {
  await db
    .update(pr)
    .set({ ...values, failedAttempts: 0 })
    .where(eq(pr.id, id));
}

/** Removes every pending sign-up for an address once one of them became an account. */
export async function deletePendingRegistrationsFor(db: DbOrTx, email: string) {
  await db.delete(pr).where(sql`lower(${pr.email}) = lower(${email})`);
}
