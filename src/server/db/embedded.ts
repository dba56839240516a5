import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { lockDataDir } from './data-dir-lock';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? res(address.port) : rej(new Error('no port')),
      );
    });
  });
}

const urlFor = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;

/**
 * Opens PGlite on `dataDir` and serves it over the PostgreSQL wire protocol on loopback,
 * in this process. Used by the supervised child process and by tests.
 *
 * The socket server interleaves queries that arrive at the same moment on different
 * connections (a known upstream defect), so clients of the embedded server use ONE pooled
 * connection: the app's pool has max 1 and the job queue shares it.
 */
export async function serveEmbeddedDatabase(opts: {
  dataDir: string;
  port?: number;
}): Promise<EmbeddedDatabase> {
  const dataDir = resolve(opts.dataDir);
  const unlock = lockDataDir(dataDir);
  try {
    const pgDir = resolve(dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    const db = await PGlite.create(pgDir, { extensions: { pg_trgm } });
    const port = opts.port ?? (await freePort());
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 64 });
    await server.start();
    return {
      url: urlFor(port),
      async stop() {
        await server.stop();
        await db.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

const childEntry = (): { file: string; execArgv: string[] } => {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const js = resolve(here, 'embedded-server.js');
  if (existsSync(js)) return { file: js, execArgv: [] };
  return { file: resolve(here, 'embedded-server.ts'), execArgv: ['--import', 'tsx'] };
};

/**
 * Starts the embedded database in a supervised child process, so its queries never block
 * the API's event loop. Resolves once it accepts connections.
 */
export async function startEmbeddedDatabase(opts: {
  dataDir: string;
  onExit?: (code: number | null) => void;
}): Promise<EmbeddedDatabase> {
  const { file, execArgv } = childEntry();
  const child: ChildProcess = fork(file, [resolve(opts.dataDir)], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((res, rej) => {
    const onMessage = (m: unknown) => {
      const msg = m as { type?: string; url?: string; message?: string };
      if (msg.type === 'ready' && msg.url) res(msg.url);
      if (msg.type === 'error') rej(new Error(msg.message));
    };
    child.on('message', onMessage);
    child.once('exit', (code) =>
      rej(new Error(`The embedded database stopped during start-up (exit ${code})`)),
    );
  });
  let stopping = false;
  child.once('exit', (code) => {
    if (!stopping) opts.onExit?.(code);
  });
  return {
    url,
    stop: () =>
      new Promise<void>((res) => {
        stopping = true;
        if (child.exitCode !== null) return res();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          res();
        });
        child.kill('SIGTERM');
      }),
  };
}
