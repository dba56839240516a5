// Bundles the server (and the embedded database's child process) into dist/server,
// with the migrations beside them. Dependencies stay in node_modules. SERVER_BUILD_DIR puts it
// elsewhere (a test that starts a build of its own).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = process.env.SERVER_BUILD_DIR ?? 'dist/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'embedded-server': 'src/server/db/embedded-server.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
});
cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
cpSync('src/server/modules/sync/snapshot/data', `${outdir}/snapshot-data`, { recursive: true });
