import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

const apiFiles = ['src/**/*.api.test.ts', 'test/api/**/*.api.test.ts'];

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    setupFiles: ['test/support/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/unit/**/*.test.ts'],
          exclude: apiFiles,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api-embedded',
          include: apiFiles,
          env: { TEST_DB: 'embedded' },
          globalSetup: ['test/support/global-setup-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: apiFiles,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/support/global-setup-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          env: { TEST_DB: 'embedded' },
          globalSetup: ['test/support/global-setup-db.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
