/**
 * The public API's limits per key: a daily quota by plan (Basic 1,000, Premium 10,000 unless
 * configured) and a burst per short window, both counted in the database so they hold across
 * every web process. Each answer reports the quota in the IETF RateLimit headers; a request over
 * either limit answers 429 with Retry-After.
 */
import type { FastifyReply } from 'fastify';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { AppError } from '#server/http/errors';
import { countHit } from '#server/lib/rate-limits';
import type { SubscriptionTier } from '#shared/tiers';

const DAY_SECONDS = 86_400;

export interface KeyLimits {
  daily: number;
  burst: number;
  burstWindowSeconds: number;
}

export function keyLimitsFor(config: Config, tier: SubscriptionTier): KeyLimits {
  return {
    daily: tier === 'premium' ? config.API_KEY_DAILY_LIMIT_PREMIUM : config.API_KEY_DAILY_LIMIT_BASIC,
    burst: config.API_KEY_BURST_LIMIT,
    burstWindowSeconds: config.API_KEY_BURST_WINDOW_SECONDS,
  };
}

const secondsUntil = (at: Date) => Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000));

function report(reply: FastifyReply, limit: number, remaining: number, resetSeconds: number, l: KeyLimits) {
  reply.header('ratelimit-limit', String(limit));
  reply.header('ratelimit-remaining', String(Math.max(0, remaining)));
  reply.header('ratelimit-reset', String(resetSeconds));
  reply.header('ratelimit-policy', `${l.daily};w=${DAY_SECONDS}, ${l.burst};w=${l.burstWindowSeconds}`);
}

const overLimit = (seconds: number, message: string) =>
  new AppError(
    429,
    'rate_limited',
    message,
    { retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  );

/** Counts the request against the key's burst, then its day; throws 429 over either. */
export async function consumeKeyLimits(db: Db, reply: FastifyReply, keyId: number, l: KeyLimits) {
  const burst = await countHit(db, `api-key-burst:${keyId}`, l.burstWindowSeconds);
  if (burst.count > l.burst) {
    const seconds = secondsUntil(burst.resetAt);
    report(reply, l.burst, 0, seconds, l);
    throw overLimit(
      seconds,
      `Too many requests at once: at most ${l.burst} per ${l.burstWindowSeconds} s per key.`,
    );
  }
  const day = await countHit(db, `api-key-day:${keyId}`, DAY_SECONDS);
  const seconds = secondsUntil(day.resetAt);
  report(reply, l.daily, l.daily - day.count, seconds, l);
  if (day.count > l.daily)
    throw overLimit(
      seconds,
      `This key has used its ${l.daily} requests for the day. Try again when the window resets.`,
    );
}
