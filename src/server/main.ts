/**
 * Start-up: config → database (embedded or PostgreSQL) → migrations → app → listen → jobs,
 * and a graceful stop on SIGTERM/SIGINT/SIGHUP.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pino from 'pino';
import { buildApp, redactPaths, type App } from './app';
import { createAppCaches } from './app-caches';
import { ConfigError, loadConfig, type Config } from './config/config';
import { drainPool, openDatabase, runMigrations, type Database } from './db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { allJobs } from './jobs';
import { createLogger } from './lib/log-format';
import { loadSecrets } from './lib/secrets';
import { createOutboxSender } from './modules/outbox/outbox-sender';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { dataNotesOnly, firstStart, startupSyncJobs } from './modules/sync/first-start';

/** SIGTERM to exit: an orchestrator's usual grace period is 10 s (docker stop, Kubernetes 30). */
const STOP_BUDGET_MS = 9_000;

/** Closes the HTTP side within `budgetMs()`: connections still open by then are cut. */
async function closeHttp(app: App, log: pino.Logger, budgetMs: () => number): Promise<void> {
  const closing = app.close();
  let timer: NodeJS.Timeout | undefined;
  const cut = await Promise.race([
    closing.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), Math.max(0, budgetMs()));
    }),
  ]);
  clearTimeout(timer);
  if (cut) {
    log.warn('requests still open at the stop deadline; closing their connections');
    app.server.closeAllConnections();
  }
  await closing.catch((error: unknown) => log.error({ err: error }, 'closing http'));
  if (!(await app.inFlight.settled(budgetMs() + 2000)))
    log.warn({ handlers: app.inFlight.size }, 'request handlers still running at the stop deadline');
}

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
  // readable text on a terminal, JSON lines otherwise; network failures without their stacks
  const log = createLogger({ level: config.LOG_LEVEL, redact: redactPaths });

  // A stop asked for while starting waits for the start to finish (within the same budget):
  // half-built, nothing would close in order.
  let stop: ((signal: string) => Promise<void>) | null = null;
  let stopAsked: { signal: string; deadline: number } | null = null;
  const onSignal = (signal: string) => {
    if (stopAsked) return;
    stopAsked = { signal, deadline: Date.now() + STOP_BUDGET_MS };
    const force = setTimeout(() => {
      log.error('not stopped in time; exiting');
      process.exit(1);
    }, STOP_BUDGET_MS + 500);
    force.unref();
    if (stop) void stop(signal);
    else log.info({ signal }, 'stop asked for while starting; stopping once started');
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  // the terminal that started it closed: stop in order too (the default would end at once)
  process.on('SIGHUP', () => onSignal('SIGHUP'));

  let embedded: (EmbeddedDatabase & { pid(): number | undefined }) | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    log.info({ dataDir: resolve(config.DATA_DIR) }, 'starting the embedded PostgreSQL (PGlite)');
    embedded = await startEmbeddedDatabase({
      dataDir: config.DATA_DIR,
      onExit: (code, signal) =>
        log.error(
          { code, signal },
          'the embedded database stopped unexpectedly; restarting it (requests answer 503 meanwhile)',
        ),
      onRestart: ({ pid, attempt }) =>
        log.warn({ databasePid: pid, attempt }, 'the embedded database is running again'),
      onRestartFailed: (error, attempt) =>
        log.error(
          { reason: error.message, attempt },
          'the embedded database could not be restarted; trying again',
        ),
    });
    log.info({ databasePid: embedded.pid() }, 'the embedded database is running');
    url = embedded.url;
  }
  const database: Database = openDatabase(url, {
    max: config.embeddedDatabase ? 1 : 20,
    embedded: config.embeddedDatabase,
  });
  await runMigrations(database.db);
  log.info({ mode: config.embeddedDatabase ? 'embedded' : 'postgres' }, 'database ready');
  const runsJobs = config.ROLE === 'all' || config.ROLE === 'worker';
  // first start: with no data and no upstream reachable, the bundled snapshot is loaded. That is
  // work with the upstream sources, so a web process leaves it to the workers and only reads notes
  const first = runsJobs
    ? await firstStart({ config, db: database.db, log })
    : await dataNotesOnly(database.db);
  // a web process sends its jobs (the syncs asked of it among them) to the workers' queue
  const secrets = loadSecrets(config, log);
  // what this process keeps in memory, made once for its web app (and its jobs)
  const caches = createAppCaches({ config, database });
  const jobs: JobQueue = createJobQueue({
    config,
    database,
    log,
    caches,
    secrets,
    jobs: allJobs,
    work: runsJobs,
  });
  const outboxSender = createOutboxSender({ config, db: database.db, log });
  log.info(
    config.SMTP_URL
      ? 'email is sent by SMTP'
      : 'SMTP_URL is not set: emails are kept in the outbox; read them in the admin Notifications tab (/admin)',
  );
  const app =
    config.ROLE === 'worker'
      ? null
      : await buildApp(
          {
            config,
            database,
            jobs,
            clientRoot: clientRoot(),
            dataNotes: first.notes,
            secrets,
            outboxSender,
            caches,
          },
          { loggerInstance: log },
        );
  if (app) {
    await app.listen({ host: config.HOST, port: config.PORT });
    log.info(`Lexwatch is serving on ${config.appUrl}`);
  }
  await jobs.start();
  if (runsJobs)
    for (const job of startupSyncJobs(config, first)) await jobs.send(job, { triggeredBy: 'start' });

  stop = async (signal: string) => {
    log.info({ signal }, 'stopping');
    const deadline = stopAsked?.deadline ?? Date.now() + STOP_BUDGET_MS;
    const left = () => Math.max(0, deadline - Date.now());
    await Promise.all([
      // no new connections or requests (503 on kept-alive ones), streams told to reconnect,
      // requests under way answered; then the handlers whose client left are waited for
      app ? closeHttp(app, log, () => left() - 3000) : null,
      // no new jobs; the running ones get until shortly before the deadline, then go back to the queue
      jobs.stop({ timeoutMs: left() - 2500 }),
    ]);
    await outboxSender.close().catch(() => {});
    // the pool closes only once nothing uses it (a background refresh of a shared answer)
    if (!(await drainPool(database.pool, left() - 1000)))
      log.warn('database still in use at the stop deadline; closing it anyway');
    await database.close().catch(() => {});
    await embedded?.stop();
    log.info('stopped');
    process.exit(0);
  };
  log.info({ role: config.ROLE }, 'started');
  if (stopAsked) await stop((stopAsked as { signal: string }).signal);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
