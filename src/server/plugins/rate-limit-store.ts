/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (`rate_limit_hits`), so the limits
 * hold across every web process on the database: 1 process or 4, the same request trips them.
 *
 * Fixed windows aligned on the database clock (every process agrees where a window starts):
 * each request is one upsert that returns the new count and the time left in its window.
 * Rows of windows that have ended are removed every minute by whichever process is running.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

const HIT = `
  insert into rate_limit_hits (key, window_start, count)
  values ($1, to_timestamp(floor(extract(epoch from now()) * 1000 / $2::bigint) * $2::bigint / 1000.0), 1)
  on conflict (key, window_start) do update set count = rate_limit_hits.count + 1
  returning count,
    greatest(0, extract(epoch from window_start) * 1000 + $2::bigint - extract(epoch from now()) * 1000)::bigint as ttl`;

const READ = `
  select count,
    greatest(0, extract(epoch from window_start) * 1000 + $2::bigint - extract(epoch from now()) * 1000)::bigint as ttl
  from rate_limit_hits
  where key = $1
    and window_start = to_timestamp(floor(extract(epoch from now()) * 1000 / $2::bigint) * $2::bigint / 1000.0)`;

export const RATE_LIMIT_CLEANUP_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export interface DatabaseRateLimitStore {
  /** the class to pass as `store` to @fastify/rate-limit */
  Store: FastifyRateLimitStoreCtor;
  /** removes the rows of windows that have ended (also run every minute once counting started) */
  cleanUp(): Promise<number>;
  /** stops the cleanup timer */
  close(): void;
}

export function databaseRateLimitStore(pool: pg.Pool, log: FastifyBaseLogger): DatabaseRateLimitStore {
  /** the longest window counted so far: a row is kept until a window that long has ended */
  let longestWindowMs = 60_000;
  let timer: NodeJS.Timeout | null = null;

  const cleanUp = async (): Promise<number> => {
    const { rowCount } = await pool.query(
      `delete from rate_limit_hits where window_start < now() - ($1::bigint * interval '1 millisecond')`,
      [longestWindowMs],
    );
    return rowCount ?? 0;
  };
  const startCleanup = () => {
    if (timer) return;
    timer = setInterval(() => {
      cleanUp().catch((error: unknown) => log.warn({ err: error }, 'removing old rate-limit windows failed'));
    }, RATE_LIMIT_CLEANUP_MS);
    timer.unref();
  };

  const answer = (cb: Callback, rows: { count: number; ttl: number }[]) => {
    const row = rows[0];
    cb(null, { current: row ? Number(row.count) : 0, ttl: row ? Number(row.ttl) : 0 });
  };
  const failed = (cb: Callback) => (error: Error) => {
    log.warn({ err: error }, 'the rate-limit count could not be read; the request is let through');
    cb(error);
  };

  class Store implements FastifyRateLimitStore {
    /**
     * The plugin constructs the global store with its settings (not needed here); per-route
     * limits (`child`) count apart from the global one under a prefix, as the in-memory store does.
     */
    constructor(
      _settings?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      if (timeWindow > longestWindowMs) longestWindowMs = timeWindow;
      startCleanup();
      pool
        .query<{ count: number; ttl: number }>(HIT, [this.prefix + key, Math.max(1, Math.round(timeWindow))])
        .then(({ rows }) => answer(cb, rows), failed(cb));
    }

    read(key: string, cb: Callback, timeWindow: number): void {
      pool
        .query<{ count: number; ttl: number }>(READ, [this.prefix + key, Math.max(1, Math.round(timeWindow))])
        .then(({ rows }) => answer(cb, rows), failed(cb));
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // at run time the plugin passes the route's merged limit settings, the route in `routeInfo`
      const route = (options as unknown as { routeInfo?: { method?: string | string[]; url?: string } })
        .routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      return new Store(undefined, `${method} ${route?.url ?? ''}|`);
    }
  }

  return {
    Store: Store as unknown as FastifyRateLimitStoreCtor,
    cleanUp,
    close() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
