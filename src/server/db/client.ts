import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: query functions take either. */
export type DbOrTx = Db | Tx;

// Dates and int8 come back typed the same way on PostgreSQL and the embedded server.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  /**
   * emits 'change' with the payload of each NOTIFY on MEMBER_STATE_CHANNEL heard by the pool's
   * connections: a change made on one of them is heard on it before its statement (or its
   * transaction's COMMIT) returns, so this process knows of its own changes at once
   */
  memberState: EventEmitter;
  /** the embedded database: one web process, one connection (see db/embedded.ts) */
  embedded: boolean;
  close(): Promise<void>;
}

/** Triggers on members' sessions, settings and actions NOTIFY this channel (migration 0019). */
export const MEMBER_STATE_CHANNEL = 'member_state';

export function openDatabase(url: string, opts: { max?: number; embedded?: boolean } = {}): Database {
  const memberState = new EventEmitter();
  memberState.setMaxListeners(0);
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    idleTimeoutMillis: 30_000,
    // a new connection LISTENs before it runs the statement it was opened for (before migrations
    // create the triggers it simply hears nothing)
    onConnect: (async (client: pg.ClientBase) => {
      client.on('notification', (message) => {
        if (message.channel === MEMBER_STATE_CHANNEL) memberState.emit('change', message.payload ?? '*');
      });
      await client.query(`LISTEN ${MEMBER_STATE_CHANNEL}`);
    }) as (client: pg.ClientBase) => void,
  });
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it on next use
  });
  const db = drizzle({ client: pool, schema });
  return { db, pool, url, memberState, embedded: opts.embedded ?? false, close: () => pool.end() };
}

export function migrationsFolder(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const candidate of [resolve(here, 'migrations'), resolve(here, '../../src/server/db/migrations')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('Database migrations folder not found');
}

/** Any fixed number: the session-level advisory lock every process takes around its migrations. */
export const MIGRATION_LOCK_KEY = 7_406_117_001;

/**
 * Applies the pending migrations once, whoever starts first: the run holds a PostgreSQL
 * advisory lock on one connection, so a second process starting at the same moment waits,
 * then finds nothing left to apply.
 */
export async function runMigrations(db: Db): Promise<void> {
  const client = await (db as Db & { $client: pg.Pool }).$client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Waits until nothing uses the pool: no client checked out and no query waiting for one, seen
 * twice a little apart (a request between two queries holds none for a moment). Resolves false
 * when `timeoutMs` passes first. Called before the pool closes, so nothing still running meets
 * a closed pool.
 */
export async function drainPool(pool: pg.Pool, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const busy = () => pool.totalCount - pool.idleCount > 0 || pool.waitingCount > 0;
  let quiet = 0;
  while (quiet < 2) {
    if (Date.now() >= deadline) return false;
    quiet = busy() ? 0 : quiet + 1;
    if (quiet < 2) await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}
