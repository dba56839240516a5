/**
 * Ingestion benchmark, on PostgreSQL and on the embedded database (in its own process, as in
 * production):
 *  - parse + map rate of the recorded Publication Log page (no database);
 *  - bills synced per second: the recorded Bills API responses (20 bills, bill 2818's detail
 *    and stages, bill 512's 41 publications) replayed for many bill ids through the real
 *    client, mappers and upserts (one transaction per bill with its timeline and documents);
 *  - the listing backfill of generated items (the recorded Atom entry of the Data Protection
 *    Act 2018, renumbered) with the sync process's peak RSS sampled every 50 ms.
 *
 *   node --import tsx bench/ingestion.bench.ts            (or runIngestionBench(pgAdminUrl))
 *   BENCH_BILLS=400 BENCH_BACKFILL_ITEMS=50000 BENCH_EMBEDDED_BACKFILL_ITEMS=50000
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, runMigrations, type Database } from '#server/db/client';
import { startEmbeddedDatabase } from '#server/db/embedded';
import { runSync } from '#server/modules/sync/run-sync';
import { createSyncClients, type SyncContext } from '#server/modules/sync/sync-context';
import { parseXmlDocument } from '#server/sources/http';
import { parseFeed } from '#server/sources/legislation-gov-uk/feed';
import { mapLegislationItem } from '#server/sources/legislation-gov-uk/mapper';
import { loadConfig } from '#server/config/config';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { detailOf, recordedBills, serveBill, stagesOf, type RawBill } from '#test/api/sync-fixtures';
import { fixturePath, fixtureText } from '#test/fixtures/sources/load';

const BILLS = Number(process.env.BENCH_BILLS ?? 400);
const BACKFILL = Number(process.env.BENCH_BACKFILL_ITEMS ?? 50_000);
const EMBEDDED_BACKFILL = Number(process.env.BENCH_EMBEDDED_BACKFILL_ITEMS ?? BACKFILL);
const PAGE = 100;
const quiet = { info() {}, warn() {}, error() {} };
const FAST = { all: { minIntervalMs: 0, timeoutMs: 60_000, maxRetries: 0 } };

function contextFor(db: Database, upstream: string): SyncContext {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:5000',
    PARLIAMENT_BILLS_API_URL: `${upstream}/api/v1`,
    LEGISLATION_API_URL: upstream,
    SCOTTISH_PARLIAMENT_API_URL: `${upstream}/api`,
  });
  return { db: db.db, log: quiet, clients: createSyncClients(config, FAST) };
}

/** Entries parsed and mapped per second from the recorded Publication Log page. */
function parseRate(): string {
  const raw = fixtureText('legislation-gov-uk', 'publication-log-2026-09-24-legislation-new.feed.xml');
  let entries = 0;
  const started = performance.now();
  while (performance.now() - started < 2000) {
    for (const entry of parseFeed(parseXmlDocument(raw, 'bench'), 'bench').entries) {
      mapLegislationItem(entry);
      entries += 1;
    }
  }
  return `${Math.round(entries / ((performance.now() - started) / 1000)).toLocaleString('en-GB')} entries/s`;
}

/** The recorded bills, replayed under `count` distinct bill ids. */
function serveManyBills(replay: ReplayServer, count: number): RawBill[] {
  const recorded = recordedBills();
  const bills: RawBill[] = [];
  for (let i = 0; i < count; i += 1) {
    const base = recorded[i % recorded.length]!;
    const billId = 100_000 + i;
    const bill = {
      ...base,
      billId,
      shortTitle: `${String(base.shortTitle)} (${i})`,
      lastUpdate: `2026-0${1 + (i % 9)}-1${i % 10}T10:00:00`,
    };
    bills.push(bill);
    serveBill(
      replay,
      { ...detailOf({ ...base, billId: 2818 }), ...bill },
      stagesOf({ ...base, billId: 2818 }),
    );
  }
  bills.sort((a, b) => b.lastUpdate.localeCompare(a.lastUpdate));
  for (let skip = 0; skip < bills.length; skip += 50) {
    replay.route({
      path: '/api/v1/Bills',
      query: { SortOrder: 'DateUpdatedDescending', Skip: skip, Take: 50 },
      body: { items: bills.slice(skip, skip + 50), totalResults: bills.length, itemsPerPage: 50 },
    });
  }
  return bills;
}

/** Listing pages of generated items, built on request from the recorded entry. */
async function startListingServer(total: number): Promise<{ url: string; close(): Promise<void> }> {
  const feed = readFileSync(fixturePath('legislation-gov-uk', 'search-type-ukpga-2018-12.feed.xml'), 'utf8');
  const entry = /<entry>[\s\S]*<\/entry>/.exec(feed)![0];
  const head = feed
    .slice(0, feed.indexOf('<entry>'))
    .replace(/<openSearch:totalResults>\d+</, `<openSearch:totalResults>${total}<`);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = Number(url.searchParams.get('page') ?? 1);
    const from = (page - 1) * PAGE;
    const parts: string[] = [
      head
        .replace(/<leg:page>\d+</, `<leg:page>${page}<`)
        .replace(/<openSearch:itemsPerPage>\d+</, `<openSearch:itemsPerPage>${PAGE}<`),
    ];
    for (let n = from; n < Math.min(total, from + PAGE); n += 1) {
      const year = 1990 + (n % 35);
      parts.push(
        entry
          .replaceAll('ukpga/2018/12', `ukpga/${year}/${n + 1}`)
          .replace('Value="12"', `Value="${n + 1}"`)
          .replace('Data Protection Act 2018', `Generated Act ${n + 1} ${year}`),
      );
    }
    res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(`${parts.join('')}</feed>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function measure(label: string, database: Database, backfillItems: number): Promise<string[]> {
  const lines: string[] = [];
  const replay = await startReplayServer();
  serveManyBills(replay, BILLS);
  let started = performance.now();
  const bills = await runSync(contextFor(database, replay.url), 'uk-parliament', {
    options: { maxBills: BILLS },
  });
  let seconds = (performance.now() - started) / 1000;
  const stored = bills.items.added + bills.items.updated + bills.items.unchanged;
  lines.push(
    `| ${label} | bills sync (detail + stages + 41 publications each, 3 requests/bill) | ${stored} | ${seconds.toFixed(1)} s | ${Math.round(stored / seconds)} bills/s | |`,
  );
  await replay.close();

  const listing = await startListingServer(backfillItems);
  let peak = process.memoryUsage().rss;
  const baseline = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  started = performance.now();
  const pages = Math.ceil(backfillItems / PAGE);
  const backfill = await runSync(contextFor(database, listing.url), 'backfill-legislation', {
    options: { types: ['ukpga'], pagesPerType: pages + 1, maxPagesPerType: pages + 1, resultsCount: PAGE },
  });
  seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await listing.close();
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  lines.push(
    `| ${label} | listing backfill of generated items (${pages} pages of ${PAGE}) | ${backfill.items.added} | ${seconds.toFixed(1)} s | ${Math.round(backfill.items.added / seconds)} items/s | ${mb(peak)} (start ${mb(baseline)}) |`,
  );
  return lines;
}

export async function runIngestionBench(pgAdminUrl: string): Promise<string> {
  const rows = [
    '| database | workload | items | time | rate | peak RSS of the sync process |',
    '|---|---|---:|---:|---:|---:|',
  ];
  const pgName = `lexwatch_ingest_${randomBytes(3).toString('hex')}`;
  const admin = openDatabase(pgAdminUrl, { max: 1 });
  await admin.pool.query(`CREATE DATABASE ${pgName}`);
  try {
    const url = new URL(pgAdminUrl);
    url.pathname = `/${pgName}`;
    const database = openDatabase(url.toString(), { max: 4 });
    await runMigrations(database.db);
    rows.push(...(await measure('PostgreSQL', database, BACKFILL)));
    await database.close();
  } finally {
    await admin.pool.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'lexwatch-ingest-'));
  const embedded = await startEmbeddedDatabase({ dataDir: dir });
  try {
    const database = openDatabase(embedded.url, { max: 4 });
    await runMigrations(database.db);
    rows.push(...(await measure('embedded', database, EMBEDDED_BACKFILL)));
    await database.close();
  } finally {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return [`Parse + map of the recorded Publication Log page: ${parseRate()}.`, '', ...rows].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runIngestionBench(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    .then((report) => console.log(report))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
