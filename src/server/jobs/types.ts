import type { FastifyBaseLogger } from 'fastify';
import type { AppCaches } from '#server/app-caches';
import type { Config } from '#server/config/config';
import type { Database } from '#server/db/client';
import type { Secrets } from '#server/lib/secrets';

export interface JobContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** what this process keeps in memory, shared with its web app (app-caches.ts) */
  caches: AppCaches;
  /** APP_SECRET and the administrator password, read once for the process */
  secrets: Secrets;
  /** enqueue another job (after the current transaction, never inside one) */
  send(
    name: string,
    data?: object,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
}

export interface JobDefinition<T extends object = object> {
  name: string;
  /** cron expression (UTC) for scheduled jobs */
  schedule?: (config: Config) => string | null;
  /** singleton: at most one queued-or-active job at a time (syncs never overlap) */
  policy?: 'standard' | 'singleton';
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /** how often an idle worker asks the queue for this job (default 2 s; pg-boss allows 0.5) */
  pollingIntervalSeconds?: number;
  /** only in the embedded database mode */
  embeddedOnly?: boolean;
  run(ctx: JobContext, data: T): Promise<unknown>;
}
