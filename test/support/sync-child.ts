/**
 * Runs one sync in a process of its own, so a test can kill it with SIGKILL half-way and check
 * that the next run completes its work. Started as
 *
 *   node --import tsx test/support/sync-child.ts
 *
 * with SYNC_DATABASE_URL (the test's database), SYNC_UPSTREAM_URL (the replay server),
 * SYNC_KIND ('uk-parliament', …) and SYNC_OPTIONS (JSON options of that sync). It writes
 * 'started <operationId>' and, at the end, 'finished <status>' on stdout.
 */
import { loadConfig } from '#server/config/config';
import { openDatabase } from '#server/db/client';
import { runSync, type RunKind } from '#server/modules/sync/run-sync';
import { createSyncClients } from '#server/modules/sync/sync-context';

const env = process.env;
const upstream = env.SYNC_UPSTREAM_URL!;
const config = loadConfig({
  NODE_ENV: 'test',
  APP_URL: 'http://localhost:5000',
  PARLIAMENT_BILLS_API_URL: `${upstream}/api/v1`,
  LEGISLATION_API_URL: upstream,
  SCOTTISH_PARLIAMENT_API_URL: `${upstream}/api`,
});
const database = openDatabase(env.SYNC_DATABASE_URL!, { max: 2 });
const log = {
  info: () => {},
  warn: (obj: object, msg?: string) => process.stderr.write(`${msg ?? ''} ${JSON.stringify(obj)}\n`),
  error: (obj: object, msg?: string) => process.stderr.write(`${msg ?? ''} ${JSON.stringify(obj)}\n`),
};
const clients = createSyncClients(config, { all: { minIntervalMs: 0, timeoutMs: 120_000, maxRetries: 0 } });

const outcome = await runSync(
  { db: database.db, log, clients },
  (env.SYNC_KIND ?? 'uk-parliament') as RunKind,
  {
    triggeredBy: 'child-process',
    options: JSON.parse(env.SYNC_OPTIONS ?? '{}'),
    onStart: (id) => process.stdout.write(`started ${id}\n`),
  },
);
process.stdout.write(`finished ${outcome.status}\n`);
await database.close();
