/**
 * One-time codes and tokens. Email codes are 6 random digits stored as an HMAC keyed with the
 * app secret and bound to their registration, so the database alone does not reveal them.
 * Session and reset tokens are 256 random bits stored as SHA-256.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#shared/time';

export const CODE_TTL_MS = 15 * MINUTE_MS;
export const CODE_MAX_WRONG_TRIES = 5;
/** After the first email, the code may be sent again this many times per window. */
export const CODE_MAX_RESENDS = 3;
export const CODE_RESEND_WINDOW_MS = 10 * MINUTE_MS;
export const RESET_TOKEN_TTL_MS = HOUR_MS;
export const SESSION_TTL_MS = 7 * DAY_MS;
export const KEEP_LOGGED_IN_TTL_MS = 30 * DAY_MS;
export const ADMIN_SESSION_TTL_MS = 8 * HOUR_MS;

/** Six digits, uniformly random, leading zeros kept. */
export const generateCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** 256 random bits, URL-safe. */
export const generateToken = () => randomBytes(32).toString('base64url');

/** HMAC of a code, bound to what it verifies (e.g. 'email:<tempUserId>'). */
export const hashCode = (appSecret: string, binding: string, code: string) =>
  createHmac('sha256', appSecret).update(`${binding}\n${code}`).digest('hex');

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
