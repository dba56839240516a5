/**
 * Fixed-window counters in `rate_limit_buckets`, shared by every process on the database.
 * A key names what is counted (e.g. failed sign-ins of one account); identifying values such as
 * email addresses are stored only as a hash.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { rateLimitBuckets } from '#server/db/schema';
import { formatWait, tooManyRequests } from '#server/http/errors';

export interface Limit {
  /** what is counted, e.g. 'login-ip' */
  scope: string;
  max: number;
  windowSeconds: number;
  /** what the user is told; `{wait}` becomes "N minutes" */
  message: string;
}

export const bucketKey = (limit: Limit, subject: string) =>
  `${limit.scope}:${createHash('sha256').update(subject.toLowerCase()).digest('hex').slice(0, 32)}`;

const retryAfter = (resetAt: Date, now: Date) =>
  Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));

function refuse(limit: Limit, resetAt: Date, now: Date): never {
  const seconds = retryAfter(resetAt, now);
  throw tooManyRequests(seconds, limit.message.replace('{wait}', formatWait(seconds))).localized(
    `errors.rateLimits.${limit.scope}`,
    { waitSeconds: seconds },
  );
}

/** Adds one to the window and returns the new count (a new window starts when the old one ended). */
export async function recordHit(db: DbOrTx, limit: Limit, subject: string, now = new Date()) {
  const resetAt = new Date(now.getTime() + limit.windowSeconds * 1000);
  const b = rateLimitBuckets;
  const [row] = await db
    .insert(b)
    .values({ key: bucketKey(limit, subject), count: 1, resetAt })
    .onConflictDoUpdate({
      target: b.key,
      set: {
        count: sql`case when ${b.resetAt} <= ${now} then 1 else ${b.count} + 1 end`,
        resetAt: sql`case when ${b.resetAt} <= ${now} then ${resetAt} else ${b.resetAt} end`,
      },
    })
    .returning({ count: b.count, resetAt: b.resetAt });
  return row!;
}

/** Counts this request; answers 429 with Retry-After once more than `max` arrive in a window. */
export async function consume(db: DbOrTx, limit: Limit, subject: string, now = new Date()): Promise<void> {
  const row = await recordHit(db, limit, subject, now);
  if (row.count > limit.max) refuse(limit, row.resetAt, now);
}

/** Answers 429 when the window already holds `max` hits (for limits that count only failures). */
export async function ensureBelow(
  db: DbOrTx,
  limit: Limit,
  subject: string,
  now = new Date(),
): Promise<void> {
  const [row] = await db
    .select({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt })
    .from(rateLimitBuckets)
    .where(eq(rateLimitBuckets.key, bucketKey(limit, subject)));
  if (row && row.resetAt > now && row.count >= limit.max) refuse(limit, row.resetAt, now);
}

export async function clearHits(db: DbOrTx, limit: Limit, subject: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, bucketKey(limit, subject)));
}

const minutes = (n: number) => n * 60;

/** Every limit of the accounts area, in one place. */
export const LIMITS = {
  loginFailuresPerIp: {
    scope: 'login-ip',
    max: 30,
    windowSeconds: minutes(15),
    message: 'Too many failed sign-in attempts from this network. Please wait {wait} and try again.',
  },
  loginFailuresPerAccount: {
    scope: 'login-account',
    max: 10,
    windowSeconds: minutes(15),
    message:
      'Too many failed sign-in attempts for this account. Please wait {wait} and try again, or reset your password.',
  },
  registrationsPerIp: {
    scope: 'register-ip',
    max: 10,
    windowSeconds: minutes(60),
    message: 'Too many sign-ups from this network. Please wait {wait} and try again.',
  },
  registrationsPerEmail: {
    scope: 'register-email',
    max: 5,
    windowSeconds: minutes(60),
    message: 'Too many sign-ups for this email address. Please wait {wait} and try again.',
  },
  codeAttemptsPerIp: {
    scope: 'code-ip',
    max: 30,
    windowSeconds: minutes(15),
    message: 'Too many verification attempts. Please wait {wait} and try again.',
  },
  codeResendsPerIp: {
    scope: 'resend-ip',
    max: 20,
    windowSeconds: minutes(60),
    message: 'Too many codes requested. Please wait {wait} and try again.',
  },
  resetRequestsPerIp: {
    scope: 'forgot-ip',
    max: 10,
    windowSeconds: minutes(60),
    message: 'Too many password reset requests. Please wait {wait} and try again.',
  },
  resetRequestsPerEmail: {
    scope: 'forgot-email',
    max: 3,
    windowSeconds: minutes(60),
    message: 'Too many password reset requests for this email address. Please wait {wait} and try again.',
  },
  resetAttemptsPerIp: {
    scope: 'reset-ip',
    max: 20,
    windowSeconds: minutes(15),
    message: 'Too many password reset attempts. Please wait {wait} and try again.',
  },
  adminLoginFailuresPerIp: {
    scope: 'admin-login-ip',
    max: 5,
    windowSeconds: minutes(15),
    message: 'Too many failed administrator sign-in attempts. Please wait {wait} and try again.',
  },
  adminLoginFailures: {
    scope: 'admin-login',
    max: 50,
    windowSeconds: minutes(60),
    message:
      'Administrator sign-in is paused after too many failed attempts. Please wait {wait} and try again.',
  },
} satisfies Record<string, Limit>;
