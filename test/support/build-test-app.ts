import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '#server/app';
import type { AppDeps } from '#server/app-types';
import { loadConfig, type Config } from '#server/config/config';
import { captureLogger, findLeakedSecrets } from './log-capture';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: App;
  config: Config;
  database: TestDatabase;
  db: TestDatabase['db'];
  logs: string[];
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lexwatch-data-')),
    DATABASE_URL: '',
    SYNC_ON_START: 'false',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    APP_URL: 'http://localhost:5000',
    ...env,
  });
}

/**
 * The real app on a database of this file's own. Nothing of the project is mocked:
 * point its upstream, mail and SMS settings at the loopback servers in test/support.
 */
export async function buildTestApp(
  opts: { env?: Record<string, string>; database?: TestDatabase; deps?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const config = testConfig({ ...opts.env });
  const { logger, lines } = captureLogger('test-app');
  const app = await buildApp(
    { config, database, jobs: null, clientRoot: null, dataNotes: [], ...opts.deps },
    { loggerInstance: logger },
  );
  await app.ready();
  return {
    app,
    config,
    database,
    db: database.db,
    logs: lines,
    async close() {
      await app.close();
      if (!opts.database) await database.destroy();
      const leaked = findLeakedSecrets(lines);
      if (leaked.length) throw new Error(`Secrets reached the logs: ${leaked.length} value(s)`);
    },
  };
}
