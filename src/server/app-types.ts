import type { AppCaches } from '#server/app-caches';
import type { Config } from '#server/config/config';
import type { Database, Db } from '#server/db/client';
import type { InFlight } from '#server/http/in-flight';
import type { JobQueue } from '#server/jobs/queue';
import type { Secrets } from '#server/lib/secrets';
import type { SyncClientOverrides } from '#server/modules/sync/sync-context';
import type { OutboxSender } from '#server/modules/outbox/outbox-sender';
import type { Clock } from '#server/modules/outbox/sms-clock';
import type { AnalysisProvider } from '#server/providers/analysis/types';
import type { NewsProvider } from '#server/providers/news/types';

/** What the app is built from; tests build it with their own database and servers. */
export interface AppDeps {
  config: Config;
  database: Database;
  jobs: JobQueue | null;
  /** folder of the built client, or null to serve the API only */
  clientRoot: string | null;
  /** what start-up found out about the data (e.g. the bundled snapshot was loaded) */
  dataNotes?: string[];
  /** APP_SECRET and the administrator password, read once (main.ts; buildApp when not given) */
  secrets: Secrets;
  /** sends queued email and SMS at once; created from the config when absent */
  outboxSender?: OutboxSender;
  /** the AI overview's provider; by default chosen from the config (AI_BASE_URL or official records) */
  analysisProvider?: AnalysisProvider;
  /** the news search providers; by default GOV.UK search and Parliament bill news from the config */
  newsProviders?: NewsProvider[];
  /** settings of the upstream sync clients that replace the defaults (tests: short timeouts and back-off) */
  syncClientOptions?: SyncClientOverrides;
  /** seconds between a notification stream's heartbeats, in ms (tests: shorter); HEARTBEAT_MS when absent */
  notificationHeartbeatMs?: number;
  /** the time as the SMS limits, the SMS budget and phone codes see it; the system clock when absent */
  smsClock?: Clock;
  /** what the app keeps in memory (shared with the process's jobs; buildApp makes it when not given) */
  caches: AppCaches;
}

/** What buildApp is given: secrets are read from the config or DATA_DIR, and caches made, when absent. */
export type AppBuildDeps = Omit<AppDeps, 'secrets' | 'caches'> & Partial<Pick<AppDeps, 'secrets' | 'caches'>>;

/** One method and path of the route table. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    db: Db;
    inFlight: InFlight;
    /** what this app keeps in memory between requests (app-caches.ts) */
    caches: AppCaches;
    /** APP_SECRET and the administrator password, read once for the app */
    secrets: Secrets;
    routeTable: readonly RegisteredRoute[];
  }
}
