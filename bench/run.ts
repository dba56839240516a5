/**
 * npm run bench: every bench in one run (the API under load is http.bench.ts). Prints the
 * report and writes bench/results/latest.md.
 *
 * `npm run bench -- http matching` runs only those parts (http, matching, ingestion, sse,
 * lighthouse, fuzz, load) and writes bench/results/latest-<parts>.md; `BENCH_QUICK=1` uses a small data set
 * (any BENCH_* variable set explicitly still wins), so a change can be measured in minutes.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const PARTS = ['http', 'matching', 'ingestion', 'sse', 'lighthouse', 'fuzz', 'load'] as const;
type Part = (typeof PARTS)[number];
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknownParts = asked.filter((a) => !(PARTS as readonly string[]).includes(a));
if (unknownParts.length) {
  console.error(`Unknown bench part(s): ${unknownParts.join(', ')}. Parts: ${PARTS.join(', ')}.`);
  process.exit(2);
}
const want = (part: Part) => asked.length === 0 || asked.includes(part);

if (process.env.BENCH_QUICK === '1') {
  const quick: Record<string, string> = {
    BENCH_ROWS: '20000',
    BENCH_SECONDS: '3',
    BENCH_MEMBERS: '10000',
    BENCH_EVENTS: '200',
    BENCH_WORDS: '20000',
    BENCH_PHRASES: '10000',
    BENCH_BILLS: '100',
    BENCH_BACKFILL_ITEMS: '5000',
    BENCH_SSE_CONNECTIONS: '300',
    BENCH_LOAD_MEMBERS: '100',
    BENCH_LOAD_SECONDS: '15',
    BENCH_LOAD_ROWS: '5000',
    FUZZ_RUNS: '40',
  };
  for (const [key, value] of Object.entries(quick)) process.env[key] ??= value;
}

const PG_ADMIN = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function section(title: string, run: () => Promise<string>): Promise<string> {
  try {
    return `\n## ${title}\n\n${await run()}\n`;
  } catch (error) {
    return `\n## ${title}\n\nnot run: ${(error as Error).message}\n`;
  }
}

async function main() {
  console.log('building ...');
  execSync('npm run build', { stdio: 'inherit' });
  mkdirSync('bench/results', { recursive: true });
  // every figure here shares the machine with whatever else runs on it: its load is part of the record
  const loadBefore = loadavg()[0]!;
  let report = `# Benchmarks (${new Date().toISOString()})${process.env.BENCH_QUICK === '1' ? ' — quick data set' : ''}\n`;
  if (want('http'))
    report += await section('API', async () => (await import('./http.bench')).runHttpBench(PG_ADMIN));
  if (want('matching'))
    report += await section('Alert matching', async () =>
      (await import('./alert-matching.bench')).runAlertMatchingBench(PG_ADMIN),
    );
  if (want('ingestion'))
    report += await section('Ingestion', async () =>
      (await import('./ingestion.bench')).runIngestionBench(PG_ADMIN),
    );
  if (want('sse'))
    report += await section('Notification streams (SSE)', async () =>
      (await import('./sse.bench')).runSseBench(PG_ADMIN),
    );
  if (want('lighthouse'))
    report += await section('Pages (Lighthouse)', async () =>
      (await import('./lighthouse.bench')).runLighthouseBench(PG_ADMIN),
    );
  if (want('fuzz'))
    report += await section('Route fuzzing', async () => {
      // the same property as in npm test (test/api/route-fuzz.api.test.ts), with more cases per route
      const runs = process.env.FUZZ_RUNS ?? '200';
      const started = Date.now();
      execSync('npx vitest run --project api-embedded test/api/route-fuzz.api.test.ts', {
        stdio: 'inherit',
        env: { ...process.env, FUZZ_RUNS: runs },
      });
      return `Every route, ${runs} generated requests each: no 500, no stack trace or SQL in a body, every 4xx in the error shape (${((Date.now() - started) / 1000).toFixed(0)} s).`;
    });
  if (want('load'))
    report += await section(
      'Under load: 2 web + 1 worker, members polling, streaming and following during a sync',
      async () => (await import('./load.bench')).runLoadBench(PG_ADMIN),
    );
  report = report.replace(
    '\n',
    `\nThe machine's 1-minute load average was ${loadBefore.toFixed(1)} as the run began and ${loadavg()[0]!.toFixed(1)} at its end, on ${cpus().length} cores; runs made while other work loaded the machine measure slower, so compare figures of one run, or of runs made at a like load.\n`,
  );
  const file = asked.length ? `bench/results/latest-${asked.join('-')}.md` : 'bench/results/latest.md';
  writeFileSync(file, report);
  console.log(`\n${report}\nwritten to ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
