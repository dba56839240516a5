import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUITE_LOG_DIR } from './log-capture';

/** Upstream addresses nothing listens on: a child process never reaches the internet. */
const NOWHERE = 'http://127.0.0.1:9';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port (web and all roles) */
  url: string;
  /** everything it wrote, stdout and stderr */
  output(): string;
  /** resolves when a line matching `pattern` has been written */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** sends `signal` and resolves with the exit code and how long the exit took */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The service as production runs it (`src/server/main.ts`, through tsx), in a child process
 * of its own on a free loopback port. Resolves once it has started (serving, jobs running).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lexwatch-proc-')),
      SYNC_ON_START: 'false',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      PARLIAMENT_BILLS_API_URL: NOWHERE,
      LEGISLATION_API_URL: NOWHERE,
      SCOTTISH_PARLIAMENT_API_URL: NOWHERE,
      GOVUK_API_URL: NOWHERE,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters = new Set<() => void>();
  // the suite's log scan (auth-log-scan.api.test.ts) reads service processes' logs too
  mkdirSync(SUITE_LOG_DIR, { recursive: true });
  const logFile = join(SUITE_LOG_DIR, `service-${process.pid}-${port}.ndjson`);
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    appendFileSync(logFile, chunk);
    for (const w of waiters) w();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(out)) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${pattern} within ${timeoutMs} ms; the process wrote:\n${out}`));
      }, timeoutMs);
      waiters.add(check);
      void exited.then(({ code }) => {
        if (!pattern.test(out)) {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`the process exited (${code}) before ${pattern}; it wrote:\n${out}`));
        }
      });
      check();
    });
  try {
    // a first start loads the bundled snapshot: slow on a busy machine
    await waitFor(/"msg":"started"/, 150_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    waitFor,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) {
        const done = await exited;
        return { ...done, ms: 0 };
      }
      const started = Date.now();
      child.kill(signal);
      const done = await exited;
      return { ...done, ms: Date.now() - started };
    },
  };
}
