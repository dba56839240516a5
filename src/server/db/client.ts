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
  close(): Promise<void>;
}

export function openDatabase(url: string, opts: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it on next use
  });
  const db = drizzle({ client: pool, schema });
  return { db, pool, url, close: () => pool.end() };
}

export function migrationsFolder(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const candidate of [resolve(here, 'migrations'), resolve(here, '../../src/server/db/migrations')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('Database migrations folder not found');
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() });
}
