import { lt, or, and, isNotNull, sql } from 'drizzle-orm';
import {
  passwordResets,
  pendingRegistrations,
  phoneVerifications,
  rateLimitBuckets,
  sessions,
} from '#server/db/schema';
import type { JobDefinition } from './types';

/** Removes expired sessions, codes, reset tokens and rate-limit windows. */
export const cleanupJob: JobDefinition = {
  name: 'cleanup-expired',
  schedule: () => '17 * * * *',
  policy: 'singleton',
  async run({ database: { db } }) {
    const now = new Date();
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    const removed = {
      sessions: (await db.delete(sessions).where(lt(sessions.expiresAt, now))).rowCount ?? 0,
      pendingRegistrations:
        (await db.delete(pendingRegistrations).where(lt(pendingRegistrations.createdAt, dayAgo))).rowCount ??
        0,
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
    return removed;
  },
};
