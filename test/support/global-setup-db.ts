/**
 * Once per test run and project: a migrated template database. The embedded project gets a
 * template data directory that each test file copies; the PostgreSQL project gets a
 * template database that each file clones (and that is dropped at the end of the run).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '#server/db/client';
import { serveEmbeddedDatabase } from '#server/db/embedded';
import { databaseUrl, POSTGRES_ADMIN_URL, withAdminClient } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    dbMode: 'embedded' | 'postgres';
    templateDir: string;
    pgTemplate: string;
    pgUnavailable: string;
  }
}

function migrationsHash(): string {
  const dir = resolve('src/server/db/migrations');
  const hash = createHash('sha256');
  for (const f of readdirSync(dir).sort())
    if (f.endsWith('.sql')) hash.update(f).update(readFileSync(join(dir, f)));
  return hash.digest('hex').slice(0, 12);
}

async function embeddedTemplate(): Promise<string> {
  const dir = resolve('.test-data', `template-${migrationsHash()}`);
  if (existsSync(join(dir, 'pglite', 'PG_VERSION'))) return dir;
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const server = await serveEmbeddedDatabase({ dataDir: building });
  const database = openDatabase(server.url, { max: 1 });
  await runMigrations(database.db);
  await database.pool.query('CHECKPOINT');
  await database.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return dir;
}

export default async function setup(project: TestProject) {
  const mode = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'embedded';
  project.provide('dbMode', mode);
  if (mode === 'embedded') {
    project.provide('templateDir', await embeddedTemplate());
    return;
  }
  const name = `lexwatch_t_${randomBytes(4).toString('hex')}`;
  try {
    await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    const message = `PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable (${(error as Error).message}).`;
    if (process.env.REQUIRE_POSTGRES === '1')
      throw new Error(`${message} REQUIRE_POSTGRES=1, so the run fails.`);
    console.warn(
      `\n\n!!!! ${message}\n!!!! The api-postgres tests are SKIPPED. Set REQUIRE_POSTGRES=1 to make this fail.\n`,
    );
    project.provide('pgUnavailable', message);
    return;
  }
  const database = openDatabase(databaseUrl(name), { max: 1 });
  await runMigrations(database.db);
  await database.close();
  project.provide('pgTemplate', name);
  return async () => {
    await withAdminClient(async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${name}%`],
      );
      for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    });
  };
}
