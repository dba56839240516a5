import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config/config';
import type { Database } from '#server/db/client';

export interface JobContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
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
