import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppCaches } from '#server/app-caches';
import type { Config } from '#server/config/config';
import type { Database } from '#server/db/client';
import type { Secrets } from '#server/lib/secrets';
import { createJobClaims, handBackAllActive, type JobClaims } from './job-claims';
import type { JobContext, JobDefinition } from './types';

export type JobQueueState = 'starting' | 'running' | 'stopping' | 'stopped' | 'failed';

export interface JobQueue {
  state(): JobQueueState;
  start(): Promise<void>;
  /**
   * Stops taking jobs; the running ones get `timeoutMs` (default 20 s) to finish, then are handed
   * back to the queue (failed, so they are retried by whichever worker is up next).
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  send(
    name: string,
    data?: object,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
  /** counts per queue, for health and the admin */
  counts(): Promise<Record<string, { queued: number; active: number; failed: number }>>;
}

/**
 * The job queue (pg-boss on the same database). Jobs are at-least-once: every job is
 * idempotent, retried with exponential back-off, and a run killed half-way runs again.
 */
export function createJobQueue(opts: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  jobs: JobDefinition<any>[];
  /** the process's caches and secrets, which its jobs share with its web app */
  caches: AppCaches;
  secrets: Secrets;
  /** false: this process only sends jobs (ROLE=web); workers run them */
  work: boolean;
}): JobQueue {
  const { config, database, log, jobs } = opts;
  const boss = new PgBoss({
    // On the embedded server every query goes through the app's single connection
    // (it must never see two sessions' queries at once); on PostgreSQL pg-boss has its own pool.
    ...(config.embeddedDatabase
      ? {
          db: {
            executeSql: (text: string, values: unknown[]) =>
              database.pool.query(text, values?.length ? values : undefined),
          },
        }
      : { connectionString: database.url }),
    schema: 'pgboss',
    // a process that only sends jobs (ROLE=web) leaves the queue's upkeep and schedules to workers
    ...(opts.work ? {} : { supervise: false, schedule: false }),
    max: opts.work ? 4 : 2,
    application_name: 'lexwatch-jobs',
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: 300,
    cronMonitorIntervalSeconds: 30,
    cronWorkerIntervalSeconds: 30,
  });
  let state: JobQueueState = 'stopped';
  // which jobs run here, so a worker that dies does not leave its jobs 'active' until they expire
  const claims: JobClaims | null =
    opts.work && !config.embeddedDatabase ? createJobClaims({ url: database.url, log }) : null;
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

  const send: JobQueue['send'] = (name, data = {}, options = {}) =>
    boss.send(name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });

  const ctx: JobContext = {
    config,
    database,
    log,
    caches: opts.caches,
    secrets: opts.secrets,
    send: async (name, data, options) => {
      await send(name, data, options);
    },
  };

  /**
   * Creates the job's queue unless it exists. Processes starting together on a new database
   * create the queues at once, and attaching a queue's table can then deadlock with another
   * process's: the loser tries again.
   */
  const ensureQueue = async (job: JobDefinition<any>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        if (await boss.getQueue(job.name)) return;
        await boss.createQueue(job.name, {
          name: job.name,
          policy: job.policy ?? 'standard',
          retryLimit: job.retryLimit ?? 3,
          retryDelay: job.retryDelaySeconds ?? 30,
          retryBackoff: true,
          expireInSeconds: job.expireInSeconds ?? 60 * 30,
        });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        log.info({ job: job.name, attempt, reason: (error as Error).message }, 'creating a job queue again');
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
      }
    }
  };

  return {
    state: () => state,
    send,
    async start() {
      state = 'starting';
      try {
        await boss.start();
        if (opts.work && config.embeddedDatabase)
          await handBackAllActive((text, values) => database.pool.query(text, values), log);
        for (const job of jobs) {
          if (job.embeddedOnly && !config.embeddedDatabase) continue;
          await ensureQueue(job);
          if (!opts.work) continue;
          const cron = job.schedule?.(config);
          if (cron) await boss.schedule(job.name, cron, {}, { tz: 'UTC' });
          else await boss.unschedule(job.name).catch(() => {});
          await boss.work(
            job.name,
            { batchSize: 1, pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2 },
            async ([item]) => {
              if (!item) return;
              const started = Date.now();
              await claims?.hold(item.id);
              try {
                const result = await job.run(
                  { ...ctx, log: log.child({ job: job.name, jobId: item.id }) },
                  item.data as object,
                );
                log.info({ job: job.name, jobId: item.id, ms: Date.now() - started }, 'job done');
                return result;
              } catch (error) {
                log.warn({ job: job.name, jobId: item.id, err: error }, 'job failed; it will be retried');
                throw error;
              } finally {
                await claims?.release(item.id);
              }
            },
          );
        }
        await claims?.start();
        state = 'running';
      } catch (error) {
        state = 'failed';
        throw error;
      }
    },
    async stop({ timeoutMs = 20_000 } = {}) {
      if (state === 'stopped') return;
      state = 'stopping';
      await boss
        .stop({ graceful: true, timeout: timeoutMs, wait: true })
        .catch((error) => log.warn({ err: error }, 'job queue stop'));
      await claims?.stop();
      state = 'stopped';
    },
    async counts() {
      const { rows } = await database.pool.query<{ name: string; state: string; n: number }>(
        `select name, state, count(*)::int as n from pgboss.job where state in ('created','retry','active','failed') group by name, state`,
      );
      const out: Record<string, { queued: number; active: number; failed: number }> = {};
      for (const r of rows) {
        const entry = (out[r.name] ??= { queued: 0, active: 0, failed: 0 });
        if (r.state === 'active') entry.active += r.n;
        else if (r.state === 'failed') entry.failed += r.n;
        else entry.queued += r.n;
      }
      return out;
    },
  };
}

/** The effects sync's job: scheduled, asked for by the administrator, and sent when a member follows an item. */
export const SYNC_EFFECTS_JOB = 'sync-effects';
