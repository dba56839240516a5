/**
 * Tells a lost or refused database connection from other errors, so a request that met one is
 * answered 503 with a retry hint (the pool opens new connections on the next request, and the
 * service recovers by itself once the database is back) rather than a 500 that reads like a bug.
 */

/** Node's socket errors on a connection that could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own messages for a connection that ended or never came. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/i,
  /^timeout exceeded when trying to connect/i,
  /^Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
  /^Connection ended unexpectedly/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /^terminating connection due to administrator command/i,
];

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether `error` (or the error it wraps, as drizzle's query errors do) says the database
 * cannot be reached: a socket error, a connection node-postgres saw end, or PostgreSQL's
 * class 08 (connection exception) and 57P01–57P03 (shutdown, crash, cannot connect now).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (SOCKET_CODES.has(code)) return true;
  if (/^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // AggregateError (a refused connection to every address of a host) and wrapped causes
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
