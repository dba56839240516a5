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
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { openDatabase, runMigrations } from '#server/db/client';
import { MATCH_ALERTS_JOB } from '#server/jobs/match-alerts.job';
import { seedLegalChanges } from './legal-changes.bench-data';
import {
  agent,
  BATCHES,
  CHANGES,
  KINDS,
  type Kind,
  MEMBERS,
  openStream,
  POLL_MS,
  ROWS,
  SEARCH_WORDS,
  SECONDS,
  seedMembers,
  send,
  sleep,
  startLayout,
  type Stream,
} from './load.bench-kit';
import { loadReport } from './load.bench-report';
import { pgUrl, stopChild } from './lib';

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
    const { ids, tokens, follows } = await seedMembers(pool, hot);
    await pool.query('VACUUM ANALYZE');

    const { webs, processes, memory } = await startLayout(url, children);
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

    return loadReport({
      elapsed,
      changes: committedAt.size,
      loadBefore,
      loadAfter,
      timings,
      errors,
      samples,
      batchWindows,
      generatorDelay,
      total,
      matching,
      delivery,
      expected,
      written: notes.length,
      undelivered,
      processes,
      before,
      steadyMemory,
      after,
      settled,
    });
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
