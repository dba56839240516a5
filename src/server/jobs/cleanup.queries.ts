/** Deleting what has expired: sessions, pending registrations, reset tokens, phone codes, rate-limit windows. */
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import {
  passwordResets,
  pendingRegistrations,
  phoneVerifications,
  rateLimitBuckets,
  sessions,
} from '#server/db/schema';

/** Removes the expired rows; answers how many of each kind went. */
export async function deleteExpiredRows(db: Db, params: { now: Date; dayAgo: Date }) {
  const { now, dayAgo } = params;
  return {
    sessions: (await db.delete(sessions).where(lt(sessions.expiresAt, now))).rowCount ?? 0,
    pendingRegistrations:
      (await db.delete(pendingRegistrations).where(lt(pendingRegistrations.createdAt, dayAgo))).rowCount ?? 0,
    passwordResets:
      (
        await db
          .delete(passwordResets)
          .where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt)))
      ).rowCount ?? 0,
    phoneVerifications:
      (await db.delete(phoneVerifications).where(and(lt(phoneVerifications.expiresAt, dayAgo)))).rowCount ??
      0,
    rateLimitBuckets:
      (await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.resetAt, sql`now()`))).rowCount ?? 0,
  };
}
