/**
 * Start-up: config → database (embedded or PostgreSQL) → migrations → app → listen → jobs,
 * and a graceful stop on SIGTERM/SIGINT.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp, redactPaths } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { openDatabase, runMigrations, type Database } from './db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { allJobs } from './jobs';
import { loadSecrets } from './lib/secrets';
import { createOutboxSender } from './modules/outbox/outbox-sender';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { firstStart, startupSyncJobs } from './modules/sync/first-start';

function clientRoot(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [resolve(here, '../client'), resolve(here, '../../dist/client')]) {
    if (existsSync(resolve(candidate, 'index.html'))) return candidate;
  }
  return null;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const log = pino({ level: config.LOG_LEVEL, redact: { paths: redactPaths, censor: '[redacted]' } });

  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    log.info({ dataDir: resolve(config.DATA_DIR) }, 'starting the embedded PostgreSQL (PGlite)');
    embedded = await startEmbeddedDatabase({
      dataDir: config.DATA_DIR,
      onExit: (code) => {
        log.fatal({ code }, 'the embedded database stopped unexpectedly; shutting down');
        process.exit(1);
      },
    });
    url = embedded.url;
  }
  const database: Database = openDatabase(url, { max: config.embeddedDatabase ? 1 : 20 });
  await runMigrations(database.db);
  log.info({ mode: config.embeddedDatabase ? 'embedded' : 'postgres' }, 'database ready');
  // first start: with no data and no upstream reachable, the bundled snapshot is loaded
  const first = await firstStart({ config, db: database.db, log });

  const runsJobs = config.ROLE === 'all' || config.ROLE === 'worker';
  const jobs: JobQueue | null = runsJobs
    ? createJobQueue({ config, database, log, jobs: allJobs, work: true })
    : null;

  const secrets = loadSecrets(config, log);
  const outboxSender = createOutboxSender({ config, db: database.db, log });
  log.info(
    config.SMTP_URL
      ? 'email is sent by SMTP'
      : 'SMTP_URL is not set: emails are kept in the outbox; read them in the admin Notifications tab (/admin)',
  );
  const app =
    config.ROLE === 'worker'
      ? null
      : await buildApp({
          config,
          database,
          jobs,
          clientRoot: clientRoot(),
          dataNotes: first.notes,
          secrets,
          outboxSender,
        });
  if (app) {
    await app.listen({ host: config.HOST, port: config.PORT });
    log.info(`Lexwatch is serving on ${config.appUrl}`);
  }
  if (jobs) {
    await jobs.start();
    for (const job of startupSyncJobs(config, first)) await jobs.send(job, { triggeredBy: 'start' });
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await app?.close().catch((error) => log.error({ err: error }, 'closing http'));
    await jobs?.stop();
    await outboxSender.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
