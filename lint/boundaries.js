// The import walls of the code base, read by eslint.config.js (and checked by its own test,
// test/unit/lint/boundaries.test.ts). Paths are resolved before they are compared, so an alias
// (`#server/...`) and a relative path (`../../x`) meet the same wall.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const foldersOf = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/**
 * Server modules in the order of their dependencies: each may import only the modules it names,
 * and those must come earlier in the list. So the modules form no cycle, by construction.
 */
export const SERVER_MODULE_ORDER = [
  ['notifications', []],
  ['cookies', []],
  ['settings', []],
  ['reference', []],
  ['location', []],
  ['health', []],
  ['dashboard', []],
  ['feeds', []],
  ['subscriptions', []],
  ['outbox', []],
  ['webhooks', ['outbox']],
  ['push', ['outbox']],
  ['phone', ['outbox']],
  ['auth', ['outbox']],
  ['account', ['auth', 'cookies']],
  ['billing', ['auth', 'outbox']],
  ['preferences', ['notifications', 'outbox', 'phone']],
  ['alerts', ['auth', 'notifications', 'outbox', 'push', 'webhooks']],
  ['legal-changes', ['settings']],
  ['user-actions', ['legal-changes']],
  ['legal-change-detail', ['auth']],
  [
    'admin',
    ['alerts', 'auth', 'health', 'legal-change-detail', 'notifications', 'outbox', 'phone', 'settings'],
  ],
  ['redlines', ['legal-change-detail']],
  ['sync', ['admin', 'legal-change-detail', 'redlines']],
  ['legal-sources', ['sync']],
  ['api-keys', []],
  ['public-api', ['api-keys', 'legal-changes', 'legal-change-detail', 'notifications', 'user-actions']],
  ['mcp', ['public-api']],
  ['orgs', ['auth', 'billing', 'notifications', 'outbox']],
];

/** Throws when a module names one that is not earlier in the order (the order would allow a cycle). */
export function checkModuleOrder(order = SERVER_MODULE_ORDER) {
  const seen = new Set();
  for (const [name, deps] of order) {
    for (const dep of deps)
      if (!seen.has(dep))
        throw new Error(`server module ${name} imports ${dep}, which is not earlier in the order`);
    seen.add(name);
  }
}

/** Server folders below the modules: they import no module and no job. */
export const SERVER_FOUNDATION = [
  'cache',
  'config',
  'db',
  'http',
  'lib',
  'messages',
  'plugins',
  'providers',
  'sources',
];

/** The client's base layer: features build on it; it imports no feature and no screen. */
export const CLIENT_BASE = ['components', 'hooks', 'i18n', 'lib'];

export const serverModules = () => foldersOf('src/server/modules');
export const clientFeatures = () => foldersOf('src/client/features');

/** The zones of import-x/no-restricted-paths: a file in `target` may not import from `from`. */
export function restrictedPathZones() {
  checkModuleOrder();
  const allowed = new Map(SERVER_MODULE_ORDER);
  const zones = [
    {
      target: './src/shared',
      from: ['./src/server', './src/client'],
      message: 'shared code imports neither client nor server',
    },
    { target: './src/server', from: './src/client', message: 'the server never imports client code' },
    { target: './src/client', from: './src/server', message: 'the client never imports server code' },
    {
      target: CLIENT_BASE.map((dir) => `./src/client/${dir}`),
      from: ['./src/client/features', './src/client/app'],
      message: 'the client base layer imports no feature and no screen',
    },
    {
      target: SERVER_FOUNDATION.map((dir) => `./src/server/${dir}`),
      from: ['./src/server/modules', './src/server/jobs'],
      message: 'foundation folders import no module and no job',
    },
    {
      target: './src/server/modules',
      from: './src/server/jobs',
      except: ['./queue.ts', './types.ts'],
      message: 'modules enqueue through jobs/queue.ts; job files build on modules, not the reverse',
    },
  ];
  for (const feature of clientFeatures())
    zones.push({
      target: `./src/client/features/${feature}`,
      from: './src/client/features',
      except: [`./${feature}`],
      message: 'features do not import each other: compose them in app/, share through the base layer',
    });
  for (const module of serverModules()) {
    const deps = allowed.get(module) ?? [];
    zones.push({
      target: `./src/server/modules/${module}`,
      from: './src/server/modules',
      except: [module, ...deps].map((name) => `./${name}`),
      message: `server module ${module} may import only ${deps.length ? deps.join(', ') : 'no other module'} (lint/boundaries.js)`,
    });
  }
  return zones;
}

/** Where database values (drizzle-orm, the schema's tables, the client) may be imported. */
export const DATABASE_ACCESS_FILES = [
  'src/server/**/*.queries.ts',
  'src/server/**/*.repository.ts',
  'src/server/db/**',
  'src/server/jobs/queue.ts',
  'src/server/jobs/job-claims.ts',
  'src/server/main.ts',
  'src/server/**/*.test.ts',
];

export const databaseImportPatterns = [
  {
    regex: '^drizzle-orm(/.*)?$',
    allowTypeImports: true,
    message: 'database access lives in *.queries.ts (or *.repository.ts) files; import only types here',
  },
  {
    regex: '(^#server/|/)db/(schema|client)(/.*|\\.ts)?$',
    allowTypeImports: true,
    message: 'database access lives in *.queries.ts (or *.repository.ts) files; import only types here',
  },
];

export const clientSchemaImportPatterns = [
  {
    regex: '(^#shared|/shared)/schemas(/.*)?$',
    allowTypeImports: true,
    message:
      'the client imports only types from the zod schemas; plain constants live in zod-free src/shared modules',
  },
  { regex: '^zod(/.*)?$', allowTypeImports: true, message: 'zod stays out of the client bundles' },
];
