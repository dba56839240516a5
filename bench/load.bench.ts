/**
 * The scaled-out layout under load: 2 web processes and 1 worker (the built service,
 * dist/server/main.js) on one PostgreSQL, N signed-in members for a while, each holding a
 * notification stream (SSE) open on one of the web processes and, every 3 s, polling their
 * notifications and now and then listing, searching and following, while a sync's worth of
 * changes (1,000 change events, written in checkpoint-sized transactions across the run, each
 * followed by the alert matcher's job as a sync run's end sends it) is matched by the worker.
 *
 * Reports the error count, p50/p99 per request type, the change-to-alert latency (a change
 * event's commit → the member's stream reading the notification; split into matching, commit →
 * the notification row, and delivery, that row → the stream) and the RSS of each process before
 * and after. Figures are printed, never asserted.
 *
 *   npm run build && node --import tsx bench/load.bench.ts
 *   BENCH_LOAD_MEMBERS=500 BENCH_LOAD_SECONDS=60 BENCH_LOAD_CHANGES=1000 BENCH_LOAD_ROWS=20000
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { openDatabase, runMigrations } from '#server/db/client';
import { MATCH_ALERTS_JOB } from '#server/jobs/match-alerts.job';
import { seedLegalChanges } from './legal-changes.bench-data';
import { freePort, liveHeapMiB, startService, stopChild } from './lib';

const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 500);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CHANGES = Number(process.env.BENCH_LOAD_CHANGES ?? 1000);
const ROWS = Number(process.env.BENCH_LOAD_ROWS ?? 20_000);
/** items each member follows before the run (the changes are spread over them) */
const FOLLOWS = 4;
const POLL_MS = 3000;
const BATCHES = 20;
const NOWHERE = 'http://127.0.0.1:9';

type Kind = 'notifications' | 'list' | 'search' | 'follow' | 'stream';
const KINDS: Kind[] = ['notifications', 'list', 'search', 'follow', 'stream'];
const SEARCH_WORDS = ['regulations', 'water', 'housing', 'transport', 'energy', 'health', 'schools', 'tax'];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pgUrl(admin: string, db: string) {
  const u = new URL(admin);
  u.pathname = `/${db}`;
  return u.toString();
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

/** The worker has no HTTP side: started, it says so in its log. */
async function startWorker(env: Record<string, string>, nodeArgs: string[]): Promise<ChildProcess> {
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
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
function send(
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

interface Stream {
  socket: Socket;
  /** notification id → when the stream read it (Date.now) */
  received: Map<number, number>;
}

/** One stream on a connection of its own; resolves once the server's first comment arrives. */
function openStream(port: number, token: string): Promise<Stream> {
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

export async function runLoadBench(pgAdminUrl: string): Promise<string> {
  if (!existsSync('dist/server/main.js'))
    throw new Error('dist/server/main.js is missing: run npm run build first');
  const name = `lexwatch_bench_load_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: pgAdminUrl, max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = pgUrl(pgAdminUrl, name);
  const database = openDatabase(url, { max: 4 });
  const children: ChildProcess[] = [];
  const streams: Stream[] = [];
  let boss: PgBoss | null = null;
  try {
    await runMigrations(database.db);
    await seedLegalChanges(database.pool, ROWS);
    const pool = database.pool;
    const { rows: items } = await pool.query<{ id: number }>(
      `select id from legal_changes order by id limit $1`,
      [Math.max(CHANGES, 1)],
    );
    const hot = items.map((r) => r.id);
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
    await pool.query('VACUUM ANALYZE');

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
    boss = new PgBoss({ connectionString: url, schema: 'pgboss', supervise: false, schedule: false });
    boss.on('error', () => {});
    await boss.start();

    const ports = webs.map((w) => Number(new URL(w.url).port));
    const timings = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
    /** every request of the run: when it started (Date.now) and how long it took */
    const samples: { kind: Kind; at: number; ms: number }[] = [];
    const errors = new Map<Kind, string[]>(KINDS.map((k) => [k, []]));
    const fail = (kind: Kind, what: string) => errors.get(kind)!.push(what);

    // streams first (half on each web process), then a short warm-up of every request type
    let next = 0;
    const opener = async () => {
      while (next < MEMBERS) {
        const m = next++;
        const started = performance.now();
        try {
          streams[m] = await openStream(ports[m % 2]!, tokens[m]!);
          timings.get('stream')!.push(performance.now() - started);
        } catch (error) {
          fail('stream', (error as Error).message);
        }
      }
    };
    await Promise.all(Array.from({ length: 50 }, opener));
    const base = (m: number) => webs[m % 2]!.url;
    const headersOf = (m: number) => ({ authorization: `Bearer ${tokens[m]}` });
    for (let m = 0; m < 4; m++) {
      await send(`${base(m)}/api/notifications`, { headers: headersOf(m) });
      await send(`${base(m)}/api/legal-changes?page=1`, { headers: headersOf(m) });
    }
    await sleep(2000);
    const before = await memory();

    let running = true;
    const request = async (
      kind: Kind,
      m: number,
      path: string,
      init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    ) => {
      const started = performance.now();
      try {
        const status = await send(`${base(m)}${path}`, {
          ...init,
          headers: { ...headersOf(m), ...init.headers },
        });
        const took = performance.now() - started;
        timings.get(kind)!.push(took);
        samples.push({ kind, at: Date.now() - took, ms: took });
        if (status >= 400) fail(kind, `${status} ${path}`);
      } catch (error) {
        fail(kind, `${(error as Error).name} ${path}`);
      }
    };
    const member = async (m: number) => {
      await sleep(Math.random() * POLL_MS);
      while (running) {
        const tick = performance.now();
        await request('notifications', m, '/api/notifications');
        const roll = Math.random();
        if (roll < 0.3)
          await request('list', m, `/api/legal-changes?page=${1 + Math.floor(Math.random() * 5)}`);
        else if (roll < 0.5)
          await request(
            'search',
            m,
            `/api/legal-changes/search?q=${SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)]}`,
          );
        else if (roll < 0.6)
          await request(
            'follow',
            m,
            `/api/legal-changes/${hot[Math.floor(Math.random() * hot.length)]}/action`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ action: 'followed' }),
            },
          );
        await sleep(Math.max(0, POLL_MS - (performance.now() - tick)));
      }
    };

    // the sync: CHANGES change events in BATCHES transactions across the first 80% of the run
    const committedAt = new Map<number, number>();
    /** when each write batch began and when its matcher job was sent */
    const batchWindows: { from: number; to: number }[] = [];
    const sync = async () => {
      const per = Math.ceil(CHANGES / BATCHES);
      const gap = (SECONDS * 1000 * 0.8) / BATCHES;
      for (let b = 0; b < BATCHES; b++) {
        const slice = hot.slice(b * per, (b + 1) * per);
        if (!slice.length) break;
        const batchFrom = Date.now();
        const client = await pool.connect();
        try {
          await client.query('begin');
          const { rows } = await client.query<{ id: number }>(
            `insert into change_events (legal_change_id, kind, after)
             select l, 'amendments_added', '{"count": 2}'::jsonb from unnest($1::int[]) as c(l) returning id`,
            [slice],
          );
          await client.query('commit');
          const at = Date.now();
          for (const r of rows) committedAt.set(r.id, at);
        } finally {
          client.release();
        }
        await boss!.send(MATCH_ALERTS_JOB, {});
        batchWindows.push({ from: batchFrom, to: Date.now() });
        if (b < BATCHES - 1) await sleep(gap);
      }
    };

    console.log(`  load: ${MEMBERS} members, ${streams.filter(Boolean).length} streams, ${SECONDS} s ...`);
    const started = Date.now();
    const loadBefore = loadavg()[0]!;
    // the load generator's own event loop: a request's measured time includes its delay
    const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
    generatorDelay.enable();
    const members = Array.from({ length: MEMBERS }, (_, m) => member(m));
    const syncing = sync();
    // the working set of the load itself (500 requests in flight, their buffers, a grown heap) is
    // there a quarter into the run; growth from there to the end, under the same load, is what
    // would keep growing (a leak)
    let steadyMemory = before;
    const steady = sleep(SECONDS * 250).then(async () => {
      steadyMemory = await memory();
    });
    // the members go on until the time is up and every change is written
    await Promise.all([sleep(SECONDS * 1000), syncing, steady]);
    running = false;
    await Promise.all(members);
    generatorDelay.disable();
    const after = await memory();
    const loadAfter = loadavg()[0]!;
    const elapsed = (Date.now() - started) / 1000;

    // every notification of the run's change events, and when each stream read it
    const settleUntil = Date.now() + 20_000;
    const settledAt = Date.now() + 15_000;
    let notes: { id: number; user_id: number; change_event_id: number; created_ms: string }[] = [];
    for (;;) {
      ({ rows: notes } = await pool.query(
        `select id, user_id, change_event_id, (extract(epoch from created_at) * 1000)::text as created_ms
           from notifications where change_event_id = any($1::int[])`,
        [[...committedAt.keys()]],
      ));
      const byUser = new Map(ids.map((id, m) => [id, m]));
      const missing = notes.filter((n) => !streams[byUser.get(n.user_id)!]?.received.has(Number(n.id)));
      if (!missing.length || Date.now() > settleUntil) break;
      await sleep(250);
    }
    // memory once the load is over (the streams still open): growth that stays is not backlog
    await sleep(Math.max(0, settledAt - Date.now()));
    const settled = await memory();
    const memberOf = new Map(ids.map((id, m) => [id, m]));
    const total: number[] = [];
    const matching: number[] = [];
    const delivery: number[] = [];
    let undelivered = 0;
    for (const n of notes) {
      const changed = committedAt.get(n.change_event_id)!;
      const created = Number(n.created_ms);
      const read = streams[memberOf.get(n.user_id)!]?.received.get(Number(n.id));
      matching.push(created - changed);
      if (read === undefined) {
        undelivered++;
        continue;
      }
      total.push(read - changed);
      delivery.push(read - created);
    }
    for (const list of [total, matching, delivery]) list.sort((a, b) => a - b);
    const expected = follows.filter(([, item]) => hot.indexOf(item) < committedAt.size).length;

    // requests that started within 2 s after a write batch began (its commit, the matcher's run
    // and the notifications it writes) against the rest: does the tail line up with the writes?
    const AFTER_WRITE_MS = 2000;
    const nearWrite = (at: number) => batchWindows.some((w) => at >= w.from && at <= w.to + AFTER_WRITE_MS);
    const tailRows = KINDS.filter((k) => k !== 'stream').map((k) => {
      const near = samples.filter((s) => s.kind === k && nearWrite(s.at)).map((s) => s.ms);
      const away = samples.filter((s) => s.kind === k && !nearWrite(s.at)).map((s) => s.ms);
      for (const list of [near, away]) list.sort((a, b) => a - b);
      return { k, near, away };
    });
    const delayMs = (p: number) => generatorDelay.percentile(p) / 1e6;

    const ms = (v: number) => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : Math.round(v).toString());
    const errorCount = [...errors.values()].reduce((n, e) => n + e.length, 0);
    const lines = [
      `${MEMBERS} signed-in members for ${elapsed.toFixed(0)} s against 2 web processes and 1 worker (the built service) on one PostgreSQL, ${ROWS.toLocaleString('en-GB')} legal changes; each member holds a notification stream and every ${POLL_MS / 1000} s polls notifications, and in 30% / 20% / 10% of the ticks also lists, searches or follows. Meanwhile ${committedAt.size} change events are written in ${BATCHES} transactions, each followed by the alert matcher's job. The load generator shares the machine's ${cpus().length} cores with the 3 processes and PostgreSQL (and whatever else runs there: the 1-minute load average was ${loadBefore.toFixed(1)} as the run began and ${loadAfter.toFixed(1)} at its end).`,
      '',
      `**Errors: ${errorCount}**${errorCount ? ` (${[...errors].flatMap(([k, e]) => (e.length ? [`${k}: ${e.length}, e.g. ${e[0]}`] : [])).join('; ')})` : ''}`,
      '',
      '| request | count | p50 ms | p99 ms | errors |',
      '|---|---:|---:|---:|---:|',
      ...KINDS.map((k) => {
        const t = [...timings.get(k)!].sort((a, b) => a - b);
        return `| ${k === 'stream' ? 'stream opened (before the run)' : k} | ${t.length} | ${ms(percentile(t, 50))} | ${ms(percentile(t, 99))} | ${errors.get(k)!.length} |`;
      }),
      '',
      `Within ${AFTER_WRITE_MS / 1000} s after a write batch began, against the rest of the run:`,
      '',
      '| request | near a write: count, p50, p99 ms | away from writes: count, p50, p99 ms |',
      '|---|---|---|',
      ...tailRows.map(
        ({ k, near, away }) =>
          `| ${k} | ${near.length}, ${ms(percentile(near, 50))}, ${ms(percentile(near, 99))} | ${away.length}, ${ms(percentile(away, 50))}, ${ms(percentile(away, 99))} |`,
      ),
      '',
      `The load generator's own event-loop delay (it times every request, so its delay is in every figure): p50 ${ms(delayMs(50))} ms, p99 ${ms(delayMs(99))} ms, max ${ms(generatorDelay.max / 1e6)} ms.`,
      '',
      '| change → alert | count | p50 ms | p99 ms | max ms |',
      '|---|---:|---:|---:|---:|',
      `| change committed → the member's stream reads the notification | ${total.length} | ${ms(percentile(total, 50))} | ${ms(percentile(total, 99))} | ${ms(total.at(-1) ?? NaN)} |`,
      `| of which matching: change committed → notification row (worker) | ${matching.length} | ${ms(percentile(matching, 50))} | ${ms(percentile(matching, 99))} | ${ms(matching.at(-1) ?? NaN)} |`,
      `| of which delivery: notification row → stream (web, LISTEN/NOTIFY) | ${delivery.length} | ${ms(percentile(delivery, 50))} | ${ms(percentile(delivery, 99))} | ${ms(delivery.at(-1) ?? NaN)} |`,
      '',
      `Notifications expected (follows of the changed items made before the run): ${expected}; written: ${notes.length}; not read on a stream within 20 s of the run's end: ${undelivered}.`,
      '',
      `Memory before the load (streams open, warmed up), a quarter into the load (${Math.round(SECONDS / 4)} s, its working set in place), at its end and 15 s later. The live heap is what each process still holds right after a full garbage collection (asked through its inspector), the measure of a leak; RSS also counts the room V8 lets its heap take between collections under load, and what the allocator keeps. "Under load" is the growth from the quarter to the end, under the same load.`,
      '',
      '| process | live heap MiB: before / a quarter in / end / 15 s later | heap growth under load | heap vs before, 15 s later | RSS MiB: before / a quarter in / end / 15 s later | RSS growth under load |',
      '|---|---|---:|---:|---|---:|',
      ...processes.map((p, i) => {
        const change = (v: number, from: number) => `${(((v - from) / from) * 100).toFixed(1)}%`;
        const series = (k: 'rss' | 'heap') =>
          [before, steadyMemory, after, settled]
            .map((m) => m[k][i]!.toFixed(k === 'heap' ? 1 : 0))
            .join(' / ');
        return `| ${p.name} | ${series('heap')} | ${change(after.heap[i]!, steadyMemory.heap[i]!)} | ${change(settled.heap[i]!, before.heap[i]!)} | ${series('rss')} | ${change(after.rss[i]!, steadyMemory.rss[i]!)} |`;
      }),
    ];
    return lines.join('\n');
  } finally {
    for (const s of streams) s?.socket.destroy();
    agent.destroy();
    await boss?.stop({ graceful: false, wait: true }).catch(() => {});
    for (const c of children) await stopChild(c);
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLoadBench(process.argv[2] ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    .then((report) => console.log(`\n${report}`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
