/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (`rate_limit_hits`), so the limits
 * hold across every web process on the database: 1 process or 4, the same request trips them.
 *
 * Fixed windows aligned on the database clock (every process agrees where a window starts):
 * a request adds one to its key's row and reads back the new count and the time left in its
 * window. Requests that arrive while their key's statement is on its way wait for it and are then
 * counted together: one upsert adds n and returns the total C, and the n requests take the counts
 * C-n+1 … C. Every count is still one request's own, across every process, so the limit trips at
 * exactly the same request; under load a process sends one statement per round trip, not one per
 * request, and the busiest row (one address behind a proxy) is locked far less often.
 * Rows of windows that have ended are removed every minute by whichever process is running.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

/**
 * Adds hits to several keys at once. Keys go in sorted, so two processes' statements lock rows in
 * the same order and cannot deadlock; a key appears at most once per statement.
 */
const HIT = `
  insert into rate_limit_hits as h (key, window_start, count)
  select t.key, to_timestamp(floor(extract(epoch from now()) * 1000 / t.window_ms) * t.window_ms / 1000.0), t.hits
  from unnest($1::text[], $2::bigint[], $3::int[]) as t(key, window_ms, hits)
  order by t.key
  on conflict (key, window_start) do update set count = h.count + excluded.count
  returning h.key, h.count,
    (extract(epoch from h.window_start) * 1000)::bigint as start_ms,
    (extract(epoch from now()) * 1000)::bigint as now_ms`;

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

  /** requests waiting to be counted, by key; a key is in `sending` while its statement is on its way */
  const waiting = new Map<string, { windowMs: number; callbacks: Callback[] }>();
  const sending = new Set<string>();
  let flushQueued = false;

  const queueFlush = () => {
    if (flushQueued) return;
    flushQueued = true;
    queueMicrotask(flush);
  };

  function flush(): void {
    flushQueued = false;
    const batch: { key: string; windowMs: number; callbacks: Callback[] }[] = [];
    for (const [key, entry] of waiting) {
      if (sending.has(key)) continue;
      waiting.delete(key);
      sending.add(key);
      batch.push({ key, ...entry });
    }
    if (batch.length === 0) return;
    const sent = () => {
      for (const { key } of batch) sending.delete(key);
    };
    pool
      .query<{ key: string; count: number; start_ms: string; now_ms: string }>(HIT, [
        batch.map((b) => b.key),
        batch.map((b) => b.windowMs),
        batch.map((b) => b.callbacks.length),
      ])
      .then(
        ({ rows }) => {
          sent();
          const byKey = new Map(rows.map((row) => [row.key, row]));
          for (const { key, windowMs, callbacks } of batch) {
            const row = byKey.get(key);
            if (!row) {
              for (const cb of callbacks) cb(null, { current: 0, ttl: 0 });
              continue;
            }
            const total = Number(row.count);
            const ttl = Math.max(0, Number(row.start_ms) + windowMs - Number(row.now_ms));
            // the n requests counted together take the last n counts, one each
            callbacks.forEach((cb, i) => cb(null, { current: total - callbacks.length + 1 + i, ttl }));
          }
        },
        (error: Error) => {
          sent();
          log.warn({ err: error }, 'the rate-limit count could not be read; the requests are let through');
          for (const { callbacks } of batch) for (const cb of callbacks) cb(error);
        },
      )
      .catch((error: unknown) => log.error({ err: error }, 'answering counted requests failed'))
      .finally(() => {
        if (waiting.size > 0) queueFlush();
      });
  }

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
      const fullKey = this.prefix + key;
      // a key's limit has one window length (the plugin's settings are fixed per route)
      const entry = waiting.get(fullKey);
      if (entry) entry.callbacks.push(cb);
      else waiting.set(fullKey, { windowMs: Math.max(1, Math.round(timeWindow)), callbacks: [cb] });
      queueFlush();
    }

    read(key: string, cb: Callback, timeWindow: number): void {
      pool
        .query<{ count: number; ttl: number }>(READ, [this.prefix + key, Math.max(1, Math.round(timeWindow))])
        .then(({ rows }) => answer(cb, rows), failed(cb));
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // at run time the plugin passes the route's merged limit settings, the route in `routeInfo`
      const settings = options as unknown as {
        timeWindow?: unknown;
        routeInfo?: { method?: string | string[]; url?: string };
      };
      // every process registers every route: each knows the longest window before any request,
      // so none removes a longer window's row (a route's count) while that window lasts
      if (typeof settings.timeWindow === 'number' && settings.timeWindow > longestWindowMs)
        longestWindowMs = settings.timeWindow;
      const route = settings.routeInfo;
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
