/**
 * Notification streams (GET /api/notifications/stream) on PostgreSQL: the built service in its
 * own process, N idle Server-Sent Events connections on loopback (one signed-in member each),
 * then one broadcast: a notification for every one of those members written in one transaction
 * with its NOTIFY, as the alert matcher does for a change many members follow.
 *
 * Prints the service's RSS per open stream and the delivery latency (commit → the event read on
 * each connection) p50/p95/p99. The load generator shares the machine's cores with the service,
 * so latencies include its own reading of N sockets. Figures are printed, never asserted.
 *
 *   npm run build && node --import tsx bench/sse.bench.ts     (or runSseBench(pgAdminUrl))
 *   BENCH_SSE_CONNECTIONS=10000
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase, runMigrations } from '#server/db/client';
import { pgUrl, startService, stopChild } from './lib';

const CONNECTIONS = Number(process.env.BENCH_SSE_CONNECTIONS ?? 2000);
/** Streams being opened at once. */
const OPENING = 100;

/** The soft and hard open-file limits of this process (the service inherits them). */
function openFileLimit(): { soft: number; hard: number } {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line?.match(/\d+|unlimited/g) ?? []).map((v) =>
    v === 'unlimited' ? Infinity : Number(v),
  );
  return { soft: soft ?? Infinity, hard: hard ?? Infinity };
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;
}

/** CPU seconds (user + system) the process has used; clock ticks are 1/100 s on Linux. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Long enough to include one heartbeat (with its session check) and one sweep of the streams. */
const IDLE_WINDOW_MS = 16_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Members with a live session each; returns their ids and raw tokens. */
async function seedMembers(pool: pg.Pool, count: number): Promise<{ ids: number[]; tokens: string[] }> {
  const tag = randomBytes(3).toString('hex');
  const { rows } = await pool.query<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, trial_ends_at, email_verified_at)
     select 'sse-' || g || '-' || $1 || '@example.test', 'not-a-usable-hash', 'Stream', 'Member ' || g, now() + interval '30 days', now()
     from generate_series(1, $2::int) g
     returning id`,
    [tag, count],
  );
  const ids = rows.map((r) => r.id);
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  await pool.query(
    `insert into sessions (user_id, token_hash, expires_at)
     select u, h, now() + interval '1 day' from unnest($1::int[], $2::text[]) as s(u, h)`,
    [ids, tokens.map((t) => createHash('sha256').update(t).digest('hex'))],
  );
  return { ids, tokens };
}

interface Stream {
  socket: Socket;
  /** when `event: notification` was read, in performance.now() time */
  deliveredAt: number | null;
}

/** Opens one stream on a connection of its own and resolves once the server's first comment arrives. */
function openStream(port: number, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const stream: Stream = { socket, deliveredAt: null };
    let head = '';
    let opened = false;
    socket.setEncoding('utf8');
    socket.once('connect', () =>
      socket.write(
        `GET /api/notifications/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: string) => {
      if (!opened) {
        head += chunk;
        if (!head.startsWith('HTTP/1.1 200')) {
          if (head.includes('\r\n')) reject(new Error(`stream refused: ${head.split('\r\n')[0]}`));
          return;
        }
        if (!head.includes(': connected')) return;
        opened = true;
        resolve(stream);
        if (!head.includes('event: notification')) return;
      }
      if (stream.deliveredAt === null && chunk.includes('event: notification'))
        stream.deliveredAt = performance.now();
    });
    socket.once('error', reject);
  });
}

async function openStreams(port: number, tokens: string[]): Promise<Stream[]> {
  const streams: Stream[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) streams.push(await openStream(port, tokens[next++]!));
  };
  await Promise.all(Array.from({ length: OPENING }, worker));
  return streams;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSseBench(pgAdminUrl: string): Promise<string> {
  if (!existsSync('dist/server/main.js'))
    throw new Error('dist/server/main.js is missing: run npm run build first');
  const limit = openFileLimit();
  // each connection is one descriptor here and one in the service
  const connections = Math.min(CONNECTIONS, limit.soft - 200);
  const notes = [
    `Open-file limit (ulimit -n) of the bench and the service: ${limit.soft} soft / ${limit.hard} hard.`,
  ];
  if (connections < 2000)
    notes.push('Below a few thousand streams the RSS per stream is mostly garbage-collector noise.');
  if (connections < CONNECTIONS)
    notes.push(`Asked for ${CONNECTIONS} connections; capped at ${connections} by the open-file limit.`);

  const name = `lexwatch_bench_sse_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: pgAdminUrl, max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const database = openDatabase(pgUrl(pgAdminUrl, name), { max: 2 });
  let svc: Awaited<ReturnType<typeof startService>> | null = null;
  const streams: Stream[] = [];
  try {
    await runMigrations(database.db);
    const members = await seedMembers(database.pool, connections + 1);
    svc = await startService({ DATABASE_URL: pgUrl(pgAdminUrl, name) });
    const pid = svc.child.pid!;
    const port = Number(new URL(svc.url).port);

    // warm-up: the code paths of a stream run once before the baseline
    const warm = await openStreams(port, members.tokens.slice(connections, connections + 1));
    for (const s of warm) s.socket.destroy();
    await settle(2000);
    const before = rssBytes(pid);

    const started = performance.now();
    streams.push(...(await openStreams(port, members.tokens.slice(0, connections))));
    const openSeconds = (performance.now() - started) / 1000;
    await settle(3000);
    const after = rssBytes(pid);
    const perConnection = (after - before) / connections;
    const idleCpuFrom = cpuSeconds(pid);
    await settle(IDLE_WINDOW_MS);
    const idleCpu = cpuSeconds(pid) - idleCpuFrom;
    console.log(
      `  SSE: ${connections} streams open in ${openSeconds.toFixed(1)} s; service RSS ${(before / 2 ** 20).toFixed(0)} → ${(after / 2 ** 20).toFixed(0)} MiB, ${(perConnection / 1024).toFixed(1)} KiB per stream; idle CPU ${((idleCpu / (IDLE_WINDOW_MS / 1000)) * 100).toFixed(1)}% of a core`,
    );

    // one notification for every connected member, committed with its NOTIFY
    const writer = new pg.Client({ connectionString: pgUrl(pgAdminUrl, name) });
    await writer.connect();
    await writer.query('begin');
    const { rows } = await writer.query<{ max: string }>(
      `with added as (
         insert into notifications (user_id, type, title, message, dedupe_key)
         select u, 'update', 'Stage changed: Bench Bill', 'Report stage scheduled.', 'sse-bench-' || u from unnest($1::int[]) as m(u)
         returning id)
       select max(id) from added`,
      [members.ids.slice(0, connections)],
    );
    await writer.query(`select pg_notify('lexwatch_notifications', $1)`, [String(rows[0]!.max)]);
    await writer.query('commit');
    const committed = performance.now();
    await writer.end();

    const deadline = committed + 60_000;
    while (streams.some((s) => s.deliveredAt === null) && performance.now() < deadline) await settle(50);
    const latencies = streams
      .filter((s) => s.deliveredAt !== null)
      .map((s) => s.deliveredAt! - committed)
      .sort((a, b) => a - b);
    const missing = streams.length - latencies.length;
    const ms = (v: number) => `${Math.round(v)} ms`;
    console.log(
      `  SSE broadcast to ${connections} members: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}${missing ? `, ${missing} not delivered within 60 s` : ''}`,
    );

    return [
      `${connections.toLocaleString('en-GB')} idle streams on loopback, one signed-in member each, service on PostgreSQL; one broadcast notification (a row per member in one transaction with its NOTIFY).`,
      '',
      '| measure | value |',
      '|---|---:|',
      `| streams opened (${OPENING} at a time) | ${openSeconds.toFixed(1)} s (${Math.round(connections / openSeconds)} per s) |`,
      `| service RSS before → with the streams open | ${(before / 2 ** 20).toFixed(0)} → ${(after / 2 ** 20).toFixed(0)} MiB |`,
      `| RSS per open stream | ${(perConnection / 1024).toFixed(1)} KiB |`,
      `| service CPU while the streams idle (${IDLE_WINDOW_MS / 1000} s: a heartbeat with its session check, a sweep) | ${((idleCpu / (IDLE_WINDOW_MS / 1000)) * 100).toFixed(1)}% of a core |`,
      `| broadcast delivery, commit → event read: p50 / p95 / p99 | ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(percentile(latencies, 99))} |`,
      `| streams without the event after 60 s | ${missing} |`,
      '',
      ...notes.map((n) => `- ${n}`),
    ].join('\n');
  } finally {
    for (const s of streams) s.socket.destroy();
    if (svc) await stopChild(svc.child);
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSseBench(process.argv[2] ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    .then((report) => console.log(`\n${report}`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
