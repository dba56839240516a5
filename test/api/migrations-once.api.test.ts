import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { migrationsFolder, MIGRATION_LOCK_KEY, openDatabase, runMigrations } from '#server/db/client';
import { databaseUrl, withAdminClient } from '#test/support/postgres-admin';
import { postgresUnavailable } from '#test/support/test-database';

const journalEntries = (): number =>
  (JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

async function withFreshDatabase(fn: (url: string) => Promise<void>): Promise<void> {
  const name = `lexwatch_mig_${randomBytes(4).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
  try {
    await fn(databaseUrl(name));
  } finally {
    await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

describe.runIf(inject('dbMode') === 'postgres' && !postgresUnavailable())('migrations run once', () => {
  it('two processes migrating a fresh database at the same moment both succeed, each migration applied once', async () => {
    await withFreshDatabase(async (url) => {
      const a = openDatabase(url, { max: 2 });
      const b = openDatabase(url, { max: 2 });
      try {
        await Promise.all([runMigrations(a.db), runMigrations(b.db), runMigrations(a.db)]);
        const { rows } = await a.pool.query<{ hash: string; n: number }>(
          'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
        );
        expect(rows).toHaveLength(journalEntries());
        expect(rows.every((r) => r.n === 1)).toBe(true);
        // the lock is released after: nobody holds it any more
        const held = await a.pool.query(
          `select 1 from pg_locks l join pg_database d on d.oid = l.database
            where l.locktype = 'advisory' and d.datname = current_database()`,
        );
        expect(held.rowCount).toBe(0);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });

  it('a run waits while another process holds the migration lock', async () => {
    await withFreshDatabase(async (url) => {
      const holder = openDatabase(url, { max: 1 });
      const runner = openDatabase(url, { max: 1 });
      const client = await holder.pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        let done = false;
        const run = runMigrations(runner.db).then(() => {
          done = true;
        });
        await new Promise((r) => setTimeout(r, 400));
        expect(done).toBe(false);
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        await run;
        expect(done).toBe(true);
      } finally {
        client.release();
        await holder.close();
        await runner.close();
      }
    });
  });
});
