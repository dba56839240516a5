import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import WebSocket from 'ws';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** mean latency in ms, to two decimals (p50 and p99 are whole milliseconds) */
  mean: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL: 50 connections, a short warm-up, then a timed run. */
export async function load(
  name: string,
  url: string,
  opts: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    /** called between the warm-up and the timed run */
    onWarm?: () => void;
  } = {},
): Promise<LoadResult & { requests: number }> {
  const connections = opts.connections ?? 50;
  const headers = opts.headers ?? {};
  await autocannon({ url, headers, connections: 10, duration: 2 });
  opts.onWarm?.();
  const r = await autocannon({ url, headers, connections, duration: opts.seconds ?? 10 });
  return {
    requests: r.requests.total,
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: Math.round(r.latency.average * 100) / 100,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** A bare node:http server in a child process: the ceiling the service is compared to. */
export async function startBareServer(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const code = `require('http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{"status":"ok"}')}).listen(0,'127.0.0.1',function(){process.send(this.address().port)})`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [port] = (await once(child, 'message')) as [number];
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) };
}

/** CPU time a process has used so far (user + system), in milliseconds, from /proc. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the fields after the command name (which may hold spaces) in parentheses
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100;

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

export async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Starts the built service (dist/server/main.js) and waits for /api/health. */
export async function startService(
  env: Record<string, string>,
  /** the checkout whose build to run (default: this one) */
  cwd?: string,
  /** node's own options (such as --inspect=127.0.0.1:<port>, see liveHeap) */
  nodeArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ROLE: 'web',
      SYNC_ON_START: 'false',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { url, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('service did not become healthy');
}

export function table(rows: LoadResult[], baseline: number): string {
  const lines = [
    '| endpoint | req/s | p50 ms | p99 ms | vs bare node:http | errors |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${((r.rps / baseline) * 100).toFixed(1)}% | ${r.errors + r.non2xx} |`,
    );
  }
  return lines.join('\n');
}

/**
 * A process's live JavaScript heap in MiB: its heap in use right after a full garbage collection,
 * asked through the inspector the process was started with (`--inspect=127.0.0.1:<port>`). What
 * a process's RSS says of a leak is blurred by how far V8 lets its heap grow between collections
 * under load; this is what the program still holds.
 */
export async function liveHeapMiB(inspectPort: number): Promise<number> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await once(socket, 'open');
  let nextId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<any>((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: any; error?: unknown };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(JSON.stringify(message.error)));
        else resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const result = await call('Runtime.evaluate', {
      expression: 'process.memoryUsage().heapUsed',
      returnByValue: true,
    });
    return Number(result.result.value) / 2 ** 20;
  } finally {
    socket.close();
  }
}

/** The URL of database `db` on the PostgreSQL server of `admin` (a URL to any of its databases). */
export function pgUrl(admin: string, db: string): string {
  const u = new URL(admin);
  u.pathname = `/${db}`;
  return u.toString();
}
