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

/** Pauses between restarts of a child that keeps dying: 0.5 s, doubling, at most 10 s. */
export const RESTART_DELAYS_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * Starts the embedded database in a supervised child process, so its queries never block
 * the API's event loop. Resolves once it accepts connections.
 *
 * Supervised: when the child dies (killed, out of memory, a crash inside PGlite), it is
 * started again on the same port and data directory, so the pool's next connection reaches
 * it again and the service recovers without a restart. Meanwhile queries fail (requests are
 * answered 503 and /api/health says the database is down). `onExit` hears of each death,
 * `onRestart` of each recovery.
 */
export async function startEmbeddedDatabase(opts: {
  dataDir: string;
  onExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
  onRestart?: (info: { pid: number | undefined; attempt: number }) => void;
  onRestartFailed?: (error: Error, attempt: number) => void;
}): Promise<EmbeddedDatabase & { pid(): number | undefined }> {
  const { file, execArgv } = childEntry();
  const dataDir = resolve(opts.dataDir);
  let stopping = false;
  let child: ChildProcess;
  let attempt = 0;

  const launch = (port?: number) =>
    new Promise<string>((res, rej) => {
      child = fork(file, [dataDir, ...(port ? [String(port)] : [])], {
        execArgv,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const current = child;
      let ready = false;
      current.on('message', (m: unknown) => {
        const msg = m as { type?: string; url?: string; message?: string };
        if (msg.type === 'ready' && msg.url) {
          ready = true;
          res(msg.url);
        }
        if (msg.type === 'error') rej(new Error(msg.message));
      });
      current.once('exit', (code, signal) => {
        if (!ready) {
          rej(new Error(`The embedded database stopped during start-up (exit ${code ?? signal})`));
          return;
        }
        if (stopping) return;
        opts.onExit?.(code, signal);
        void relaunch(port ?? Number(new URL(url).port));
      });
    });

  const relaunch = async (port: number): Promise<void> => {
    while (!stopping) {
      const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]!;
      attempt++;
      await new Promise((r) => setTimeout(r, delay));
      if (stopping) return;
      try {
        await launch(port);
        opts.onRestart?.({ pid: child.pid, attempt });
        attempt = 0;
        return;
      } catch (error) {
        opts.onRestartFailed?.(error as Error, attempt);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    }
  };

  const url = await launch();
  return {
    url,
    pid: () => child.pid,
    stop: () =>
      new Promise<void>((res) => {
        stopping = true;
        const current = child;
        if (current.exitCode !== null || current.signalCode !== null) return res();
        const timer = setTimeout(() => current.kill('SIGKILL'), 15_000);
        current.once('exit', () => {
          clearTimeout(timer);
          res();
        });
        current.kill('SIGTERM');
      }),
  };
}
