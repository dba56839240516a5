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
import { createJobQueue, type JobQueue } from './jobs/queue';

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
  const database: Database = openDatabase(url, { max: config.embeddedDatabase ? 8 : 20 });
  await runMigrations(database.db);
  log.info({ mode: config.embeddedDatabase ? 'embedded' : 'postgres' }, 'database ready');

  const runsJobs = config.ROLE === 'all' || config.ROLE === 'worker';
  const jobs: JobQueue | null = runsJobs
    ? createJobQueue({ config, database, log, jobs: allJobs, work: true })
    : null;

  const app = config.ROLE === 'worker' ? null : await buildApp({ config, database, jobs, clientRoot: clientRoot(), dataNotes: [] });
  if (app) {
    await app.listen({ host: config.HOST, port: config.PORT });
    log.info(`Lexwatch is serving on ${config.appUrl}`);
  }
  if (jobs) await jobs.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await app?.close().catch((error) => log.error({ err: error }, 'closing http'));
    await jobs?.stop();
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
