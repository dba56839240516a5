import type { Config } from '#server/config/config';
import type { Database, Db } from '#server/db/client';
import type { JobQueue } from '#server/jobs/queue';

/** What the app is built from; tests build it with their own database and servers. */
export interface AppDeps {
  config: Config;
  database: Database;
  jobs: JobQueue | null;
  /** folder of the built client, or null to serve the API only */
  clientRoot: string | null;
  /** what start-up found out about the data (e.g. the bundled snapshot was loaded) */
  dataNotes?: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    db: Db;
  }
}
