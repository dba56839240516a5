import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { serveEmbeddedDatabase } from '#server/db/embedded';
import { databaseUrl, withAdminClient } from './postgres-admin';

export interface TestDatabase extends Database {
  mode: 'embedded' | 'postgres';
  /** drops everything the file created */
  destroy(): Promise<void>;
}

/** True when this project runs on PostgreSQL and the server could not be reached. */
export const postgresUnavailable = (): boolean =>
  inject('dbMode') === 'postgres' && Boolean(inject('pgUnavailable'));

/** A database of this test file's own, migrated, from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (inject('dbMode') === 'postgres') {
    const name = `${inject('pgTemplate')}_${randomBytes(4).toString('hex')}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await withAdminClient((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`));
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      }
    }
    const database = openDatabase(databaseUrl(name), { max: 5 });
    return {
      ...database,
      mode: 'postgres',
      async destroy() {
        await database.close();
        await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'lexwatch-test-'));
  cpSync(inject('templateDir'), dir, { recursive: true });
  rmSync(join(dir, 'lexwatch.lock'), { force: true });
  const server = await serveEmbeddedDatabase({ dataDir: dir });
  // one connection: the embedded server must see one query at a time (see db/embedded.ts)
  const database = openDatabase(server.url, { max: 1, embedded: true });
  return {
    ...database,
    mode: 'embedded',
    async destroy() {
      await database.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
