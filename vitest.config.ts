import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

const apiFiles = ['src/**/*.api.test.ts', 'test/api/**/*.api.test.ts'];

/** The API tests, once per database: every file gets a migrated database of its own. */
const apiProject = (name: string, database: 'embedded' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: apiFiles,
    env: { TEST_DB: database },
    globalSetup: ['test/support/global-setup-db.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    // fresh-modules first: each file imports the product's modules afresh
    setupFiles: ['test/support/fresh-modules.ts', 'test/support/fail-on-console-error.ts'],
    // A worker process runs file after file, keeping the packages it has loaded (starting a process
    // and loading them again for each file cost more than half the time of the suite). API files
    // spend much of their time waiting (on PostgreSQL, child processes, timers), so three workers
    // share the two cores of the CI machine.
    isolate: false,
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/unit/**/*.test.ts'],
          exclude: apiFiles,
          environment: 'node',
          // a few run ESLint or compress megabytes while API files share the cores
          testTimeout: 20_000,
        },
      },
      apiProject('api-embedded', 'embedded'),
      apiProject('api-postgres', 'postgres'),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          env: { TEST_DB: 'embedded' },
          globalSetup: ['test/support/global-setup-db.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // one browser test file at a time, after the other projects when run together
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
