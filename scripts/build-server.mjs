// Bundles the server (and the embedded database's child process) into dist/server,
// with the migrations beside them. Dependencies stay in node_modules.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'embedded-server': 'src/server/db/embedded-server.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
cpSync('src/server/modules/sync/snapshot/data', 'dist/server/snapshot-data', { recursive: true });
