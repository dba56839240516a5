/**
 * What every sync runs with: the database, a logger, one upstream client per source (built
 * from the configuration, identifying the service) and a way to kick other jobs.
 */
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import {
  createUpstreamClient,
  userAgentFor,
  type UpstreamClient,
  type UpstreamClientOptions,
} from '#server/sources/http';
import { LEGISLATION_CLIENT_DEFAULTS } from '#server/sources/legislation-gov-uk/client';
import { PARLIAMENT_BILLS_CLIENT_DEFAULTS } from '#server/sources/parliament-bills/client';
import { SCOTTISH_PARLIAMENT_CLIENT_DEFAULTS } from '#server/sources/scottish-parliament/client';

export interface SyncLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SyncClients {
  parliament: UpstreamClient;
  legislation: UpstreamClient;
  scottish: UpstreamClient;
}

export type ClientOverrides = Partial<Omit<UpstreamClientOptions, 'name' | 'baseUrl' | 'userAgent'>>;

/** Per-source client settings that replace the defaults (tests use short timeouts and back-off). */
export interface SyncClientOverrides {
  all?: ClientOverrides;
  parliament?: ClientOverrides;
  legislation?: ClientOverrides;
  scottish?: ClientOverrides;
}

export interface SyncContext {
  db: Db;
  log: SyncLog;
  clients: SyncClients;
  /** enqueues a job after the run's transactions have committed; absent when there is no queue */
  send?: (name: string, data?: object) => Promise<unknown>;
  now?: () => Date;
}

export { userAgentFor };

export function createSyncClients(
  config: Pick<
    Config,
    'appUrl' | 'PARLIAMENT_BILLS_API_URL' | 'LEGISLATION_API_URL' | 'SCOTTISH_PARLIAMENT_API_URL'
  >,
  overrides: SyncClientOverrides = {},
  logger?: SyncLog,
): SyncClients {
  const userAgent = userAgentFor(config);
  const make = (
    defaults: Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>,
    baseUrl: string,
    own?: ClientOverrides,
  ) =>
    createUpstreamClient({
      ...defaults,
      ...overrides.all,
      ...own,
      baseUrl,
      userAgent,
      ...(logger ? { logger } : {}),
    });
  return {
    parliament: make(PARLIAMENT_BILLS_CLIENT_DEFAULTS, config.PARLIAMENT_BILLS_API_URL, overrides.parliament),
    legislation: make(LEGISLATION_CLIENT_DEFAULTS, config.LEGISLATION_API_URL, overrides.legislation),
    scottish: make(
      SCOTTISH_PARLIAMENT_CLIENT_DEFAULTS,
      config.SCOTTISH_PARLIAMENT_API_URL,
      overrides.scottish,
    ),
  };
}

export const nowOf = (ctx: Pick<SyncContext, 'now'>) => (ctx.now ? ctx.now() : new Date());
