/**
 * The load bench's settings (BENCH_LOAD_* variables), its members (seeded straight into the
 * database), their requests and notification streams, and the worker process it starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import type pg from 'pg';
import { freePort, liveHeapMiB, startService } from './lib';

export const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 500);
export const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
export const CHANGES = Number(process.env.BENCH_LOAD_CHANGES ?? 1000);
export const ROWS = Number(process.env.BENCH_LOAD_ROWS ?? 20_000);
/** items each member follows before the run (the changes are spread over them) */
export const FOLLOWS = 4;
export const POLL_MS = 3000;
export const BATCHES = 20;
export const NOWHERE = 'http://127.0.0.1:9';

export type Kind = 'notifications' | 'list' | 'search' | 'follow' | 'stream';
export const KINDS: Kind[] = ['notifications', 'list', 'search', 'follow', 'stream'];
export const SEARCH_WORDS = [
  'regulations',
  'water',
  'housing',
  'transport',
  'energy',
  'health',
  'schools',
  'tax',
];

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

/** The worker has no HTTP side: started, it says so in its log. */
export async function startWorker(env: Record<string, string>, nodeArgs: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ROLE: 'worker', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${out}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (out.length < 200_000) out += chunk.toString();
      if (/"msg":"started"/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}):\n${out}`)));
  });
  return child;
}

/**
 * The members' requests, on kept-alive connections through node:http: far less of the shared
 * cores than fetch takes per request. They ask for gzip as a browser does (the service does the
 * same work); the answer's bytes are read to the end, not decompressed.
 */
export const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
export function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        agent,
        method: init.method ?? 'GET',
        headers: { 'accept-encoding': 'gzip', ...init.headers },
        timeout: 30_000,
      },
      (res) => {
        res.on('data', () => {});
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    req.once('timeout', () => req.destroy(new Error('timed out')));
    req.once('error', reject);
    req.end(init.body);
  });
}

export interface Stream {
  socket: Socket;
  /** notification id → when the stream read it (Date.now) */
  received: Map<number, number>;
}

/** One stream on a connection of its own; resolves once the server's first comment arrives. */
export function openStream(port: number, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const stream: Stream = { socket, received: new Map() };
    let buffer = '';
    let opened = false;
    socket.setEncoding('utf8');
    socket.once('connect', () =>
      socket.write(
        `GET /api/notifications/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: string) => {
      const at = Date.now();
      buffer += chunk;
      if (!opened) {
        if (!buffer.startsWith('HTTP/1.1 200')) {
          if (buffer.includes('\r\n')) reject(new Error(`stream refused: ${buffer.split('\r\n')[0]}`));
          return;
        }
        if (!buffer.includes(': connected')) return;
        opened = true;
        resolve(stream);
      }
      // each event is written at once (one HTTP chunk): 'id: N\nevent: notification\ndata: {...}'
      for (const match of buffer.matchAll(/id: (\d+)\nevent: notification\n/g)) {
        const id = Number(match[1]);
        if (!stream.received.has(id)) stream.received.set(id, at);
      }
      const cut = buffer.lastIndexOf('\n\n');
      if (cut >= 0) buffer = buffer.slice(cut + 2);
    });
    socket.once('error', reject);
  });
}

/** A request started this long after a write batch began counts as near that write. */
export const AFTER_WRITE_MS = 2000;

/** MEMBERS signed-in members, each with a session token, following FOLLOWS of the `hot` items. */
export async function seedMembers(pool: pg.Pool, hot: number[]) {
  const tag = randomBytes(3).toString('hex');
  const { rows: memberRows } = await pool.query<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, trial_ends_at, email_verified_at)
     select 'load-' || g || '-' || $1 || '@example.test', 'not-a-usable-hash', 'Load', 'Member ' || g, now() + interval '30 days', now()
     from generate_series(1, $2::int) g returning id`,
    [tag, MEMBERS],
  );
  const ids = memberRows.map((r) => r.id);
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  await pool.query(
    `insert into sessions (user_id, token_hash, expires_at)
     select u, h, now() + interval '1 day' from unnest($1::int[], $2::text[]) as s(u, h)`,
    [ids, tokens.map((t) => createHash('sha256').update(t).digest('hex'))],
  );
  // each member follows FOLLOWS of the items that will change, spread evenly
  const follows: [number, number][] = [];
  ids.forEach((id, m) => {
    for (let f = 0; f < FOLLOWS; f++) follows.push([id, hot[(m * FOLLOWS + f) % hot.length]!]);
  });
  await pool.query(
    `insert into user_actions (user_id, legal_change_id, action)
     select u, l, 'followed' from unnest($1::int[], $2::int[]) as f(u, l) on conflict do nothing`,
    [follows.map((f) => f[0]), follows.map((f) => f[1])],
  );
  return { ids, tokens, follows };
}

/**
 * The scaled-out layout on database `url`: 2 web processes and 1 worker, each with an inspector of
 * its own; each child is added to `children` as it starts (for the caller to stop), and `memory`
 * reads every process's RSS and live heap.
 */
export async function startLayout(url: string, children: ChildProcess[]) {
  const env = {
    DATABASE_URL: url,
    SYNC_ON_START: 'false',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    PARLIAMENT_BILLS_API_URL: NOWHERE,
    LEGISLATION_API_URL: NOWHERE,
    SCOTTISH_PARLIAMENT_API_URL: NOWHERE,
    GOVUK_API_URL: NOWHERE,
  };
  // each process with an inspector of its own, to read its live heap (see liveHeapMiB)
  const inspectPorts = [await freePort(), await freePort(), await freePort()];
  const inspect = (i: number) => [`--inspect=127.0.0.1:${inspectPorts[i]}`];
  const webs = [
    await startService(env, undefined, inspect(0)),
    await startService(env, undefined, inspect(1)),
  ];
  children.push(...webs.map((w) => w.child));
  const worker = await startWorker({ ...env, PORT: String(await freePort()) }, inspect(2));
  children.push(worker);
  const processes = [
    { name: 'web #1', pid: webs[0]!.child.pid!, inspectPort: inspectPorts[0]! },
    { name: 'web #2', pid: webs[1]!.child.pid!, inspectPort: inspectPorts[1]! },
    { name: 'worker', pid: worker.pid!, inspectPort: inspectPorts[2]! },
  ];
  const memory = async () => ({
    rss: processes.map((p) => rssMiB(p.pid)),
    heap: await Promise.all(processes.map((p) => liveHeapMiB(p.inspectPort))),
  });
  return { webs, processes, memory };
}
