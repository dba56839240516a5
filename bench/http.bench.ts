/**
 * The API under load: the service on PostgreSQL and on the embedded database, each with
 * BENCH_ROWS generated legal changes (200,000 by default), measured with autocannon against a
 * bare node:http server; and GET /api/health against that bare server, in turns.
 *
 *   npm run build && node --import tsx bench/http.bench.ts     (or runHttpBench(pgAdminUrl))
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, runMigrations, type Database } from '#server/db/client';
import { serveEmbeddedDatabase } from '#server/db/embedded';
import { buildSession, buildUser } from '#test/support/factories';
import {
  cpuMs,
  freePort,
  load,
  pgUrl,
  startBareServer,
  startService,
  stopChild,
  table,
  type LoadResult,
} from './lib';
import { seedLegalChanges } from './legal-changes.bench-data';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function prepare(database: Database): Promise<string> {
  await runMigrations(database.db);
  const started = Date.now();
  await seedLegalChanges(database.pool, ROWS);
  console.log(`  seeded ${ROWS} legal changes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const user = await buildUser(database.db, {
    email: `bench-${randomBytes(3).toString('hex')}@example.test`,
  });
  const token = await buildSession(database.db, user.id, {
    expiresAt: new Date(Date.now() + 365 * 86_400_000),
  });
  // the member follows 40 items and dismissed 40, spread over the newest 8,000 (pages 1 to 160)
  await database.pool.query(
    `insert into user_actions (user_id, legal_change_id, action)
     select $1, id, case when n % 2 = 0 then 'followed' else 'dismissed' end
     from (select id, row_number() over (order by item_date desc, id desc) as n
           from legal_changes order by item_date desc, id desc limit 8000) newest
     where n % 200 in (3, 102)`,
    [user.id],
  );
  await database.pool.query('VACUUM ANALYZE');
  return token;
}

/** The seeded embedded data directory is kept between runs (keyed by schema and size). */
async function embeddedDataDir(): Promise<{ dir: string; token: string }> {
  const hash = createHash('sha256');
  for (const f of readdirSync('src/server/db/migrations').sort())
    if (f.endsWith('.sql')) hash.update(readFileSync(join('src/server/db/migrations', f)));
  for (const f of ['bench/legal-changes.bench-data.ts', 'bench/legal-changes.bench-words.ts'])
    hash.update(readFileSync(f));
  const dir = resolve('bench/.cache', `embedded-${ROWS}-${hash.digest('hex').slice(0, 10)}`);
  const tokenFile = join(dir, 'bench-token');
  if (existsSync(tokenFile)) return { dir, token: readFileSync(tokenFile, 'utf8') };
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  const server = await serveEmbeddedDatabase({ dataDir: building });
  const database = openDatabase(server.url, { max: 2 });
  const token = await prepare(database);
  await database.pool.query('CHECKPOINT');
  await database.close();
  await server.stop();
  writeFileSync(join(building, 'bench-token'), token);
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return { dir, token };
}

type Endpoint = { name: string; path: string; auth?: boolean };
const endpoints: Endpoint[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'list page 1', path: '/api/legal-changes?limit=50' },
  { name: 'list page 100', path: '/api/legal-changes?limit=50&page=100' },
  { name: 'list secondary page 100', path: '/api/legal-changes?limit=50&page=100&legislationType=secondary' },
  { name: 'search common term', path: '/api/legal-changes/search?q=regulations' },
  { name: 'search rare term', path: '/api/legal-changes/search?q=zanzibar' },
  // the bench member follows 40 items and dismissed 40 (see prepare), so their answers differ from the shared ones
  { name: 'list page 1, signed in', path: '/api/legal-changes?limit=50', auth: true },
  { name: 'list page 100, signed in', path: '/api/legal-changes?limit=50&page=100', auth: true },
  { name: 'search common term, signed in', path: '/api/legal-changes/search?q=regulations', auth: true },
  { name: 'search rare term, signed in', path: '/api/legal-changes/search?q=zanzibar', auth: true },
  { name: 'dashboard stats', path: '/api/dashboard/stats', auth: true },
];

async function measure(label: string, url: string, token: string): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const e of endpoints) {
    const probe = await fetch(`${url}${e.path}`, {
      headers: e.auth ? { authorization: `Bearer ${token}` } : {},
    });
    if (!probe.ok) {
      console.log(`  ${label} ${e.name}: skipped (answers ${probe.status})`);
      continue;
    }
    const headers: Record<string, string> = e.auth ? { authorization: `Bearer ${token}` } : {};
    const r = await load(`${label}: ${e.name}`, `${url}${e.path}`, { seconds: SECONDS, headers });
    results.push(r);
    console.log(`  ${r.name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
  }
  return results;
}

/** Signed-in throughput against the same request signed out, per request (goal: ≥ 50%). */
function signedInRatios(label: string, rows: LoadResult[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    if (!r.name.endsWith(', signed in')) continue;
    const anonymous = rows.find((x) => x.name === r.name.replace(/, signed in$/, ''));
    if (anonymous)
      out.push(
        `- ${label} ${r.name.split(': ')[1]!.replace(/, signed in$/, '')}: signed in / signed out throughput ${((r.rps / Math.max(anonymous.rps, 1)) * 100).toFixed(1)}%, p99 ${r.p99} ms vs ${anonymous.p99} ms`,
      );
  }
  return out;
}

/**
 * GET /api/health against a bare node:http server, in turns (bare, bare in the service's process,
 * health, three times), so all meet the same moments of a shared machine. Two figures a round:
 * throughput, and the CPU time each server process spent per answer (from /proc), which the load
 * generator sharing the cores does not blur: bare's CPU per answer over health's is the share of
 * bare's throughput health reaches when the CPU is what limits both. Medians of the three rounds
 * (goal: ≥ 80%). The same handler as bare, run inside the service's process (see
 * bare-in-process.mjs), splits the gap: health against it is the health path's own cost; it
 * against bare is what any handler pays for sharing a process with the application.
 */
interface HealthRounds {
  throughput: number[];
  cpu: number[];
  /** CPU per answer: the bare handler in the service's process over health */
  healthPath: number[];
  /** CPU per answer: bare in a process of its own over the same handler in the service's process */
  sharedProcess: number[];
}

async function healthAgainstBare(
  serviceUrl: string,
  servicePid: number,
  inProcessBareUrl: string,
): Promise<HealthRounds> {
  const bare = await startBareServer();
  const throughput: number[] = [];
  const cpu: number[] = [];
  const healthPath: number[] = [];
  const sharedProcess: number[] = [];
  const measured = async (url: string, pid: number, name: string) => {
    let before = 0;
    const r = await load(name, url, { seconds: SECONDS, onWarm: () => (before = cpuMs(pid)) });
    return { rps: r.rps, cpuPerAnswer: (cpuMs(pid) - before) / Math.max(r.requests, 1) };
  };
  try {
    for (let round = 0; round < 3; round++) {
      const b = await measured(bare.url, bare.pid, 'bare node:http');
      const inside = await measured(inProcessBareUrl, servicePid, 'bare, in the service process');
      const h = await measured(`${serviceUrl}/api/health`, servicePid, 'health');
      const ratio = (x: number, y: number) => x / Math.max(y, 1e-9);
      throughput.push(h.rps / Math.max(b.rps, 1));
      cpu.push(ratio(b.cpuPerAnswer, h.cpuPerAnswer));
      healthPath.push(ratio(inside.cpuPerAnswer, h.cpuPerAnswer));
      sharedProcess.push(ratio(b.cpuPerAnswer, inside.cpuPerAnswer));
      const us = (x: number) => (x * 1000).toFixed(1);
      console.log(
        `  health / bare, round ${round + 1}: ${h.rps} / ${b.rps} req/s; µs of CPU an answer: health ${us(h.cpuPerAnswer)}, bare in the service process ${us(inside.cpuPerAnswer)}, bare ${us(b.cpuPerAnswer)}`,
      );
    }
  } finally {
    await bare.stop();
  }
  return { throughput, cpu, healthPath, sharedProcess };
}

export async function runHttpBench(pgAdmin: string): Promise<string> {
  const bare = await startBareServer();
  const baseline = await load('bare node:http', bare.url, { seconds: SECONDS });
  await bare.stop();
  console.log(`bare node:http: ${baseline.rps} req/s`);

  const pgName = `lexwatch_bench_${randomBytes(3).toString('hex')}`;
  const admin = openDatabase(pgAdmin, { max: 1 });
  await admin.pool.query(`CREATE DATABASE ${pgName}`);
  let pgResults: LoadResult[] = [];
  let health: HealthRounds | null = null;
  try {
    console.log('PostgreSQL: preparing ...');
    const database = openDatabase(pgUrl(pgAdmin, pgName), { max: 4 });
    const token = await prepare(database);
    await database.close();
    const inProcessBarePort = await freePort();
    const svc = await startService(
      { DATABASE_URL: pgUrl(pgAdmin, pgName), BENCH_BARE_IN_PROCESS_PORT: String(inProcessBarePort) },
      undefined,
      ['--import', pathToFileURL(resolve('bench/bare-in-process.mjs')).href],
    );
    pgResults = await measure('PostgreSQL', svc.url, token);
    health = await healthAgainstBare(svc.url, svc.child.pid!, `http://127.0.0.1:${inProcessBarePort}`);
    await stopChild(svc.child);
  } finally {
    await admin.pool.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.close();
  }

  console.log('embedded: preparing ...');
  const { dir, token } = await embeddedDataDir();
  const svc = await startService({ DATA_DIR: dir, DATABASE_URL: '' });
  const embResults = await measure('embedded', svc.url, token);
  await stopChild(svc.child);

  const byName = (rows: LoadResult[], n: string) => rows.find((r) => r.name.endsWith(n));
  const ratios: string[] = [];
  const p1 = byName(pgResults, 'list page 1');
  const p100 = byName(pgResults, 'list page 100');
  const deepPage = (label: string, first: LoadResult | undefined, deep: LoadResult | undefined) => {
    if (!first || !deep) return;
    ratios.push(
      `- PostgreSQL page 100 / page 1 cost${label} (p50 latency ratio): ${(deep.p50 / Math.max(first.p50, 0.01)).toFixed(2)}; mean latency ratio ${(deep.mean / Math.max(first.mean, 0.01)).toFixed(2)}; throughput ratio ${(first.rps / Math.max(deep.rps, 1)).toFixed(2)}`,
    );
  };
  deepPage('', p1, p100);
  deepPage(
    ', signed in',
    byName(pgResults, 'list page 1, signed in'),
    byName(pgResults, 'list page 100, signed in'),
  );
  const e1 = byName(embResults, 'list page 1');
  if (p1 && e1)
    ratios.push(`- embedded / PostgreSQL throughput, list page 1: ${((e1.rps / p1.rps) * 100).toFixed(1)}%`);
  if (health) {
    const pct = (r: number) => `${(r * 100).toFixed(1)}%`;
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    ratios.push(
      `- health / bare node:http, PostgreSQL, in turns: CPU per answer, bare / health, median ${pct(median(health.cpu))} (rounds ${health.cpu.map(pct).join(', ')}); throughput median ${pct(median(health.throughput))} (rounds ${health.throughput.map(pct).join(', ')})`,
      `- the same gap split, CPU per answer, medians: health against the bare handler run inside the service's process (the health path's own cost) ${pct(median(health.healthPath))} (rounds ${health.healthPath.map(pct).join(', ')}); bare in a process of its own against that handler (what sharing a process with the application costs any handler) ${pct(median(health.sharedProcess))} (rounds ${health.sharedProcess.map(pct).join(', ')})`,
    );
  }
  ratios.push(...signedInRatios('PostgreSQL', pgResults), ...signedInRatios('embedded', embResults));

  return [
    `${ROWS.toLocaleString('en-GB')} legal changes; autocannon, 50 connections, ${SECONDS} s per endpoint; load generator on the same 2 cores as the service.`,
    'Signed-out list and search answers are shared between requests for up to 5 s (ANONYMOUS_ANSWER_CACHE_SECONDS). The signed-in member follows 40 items and dismissed 40 of the newest 8,000.',
    '',
    `Bare node:http: ${baseline.rps} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms.`,
    '',
    table([...pgResults, ...embResults], baseline.rps),
    '',
    ...ratios,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runHttpBench(process.argv[2] ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    .then((report) => console.log(`\n${report}`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
