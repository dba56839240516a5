// Every test: typecheck, lint, formatting, unit, API integration on the embedded database and on
// PostgreSQL, the bundle size budgets of the production build, then the browser end-to-end
// tests on that build.
//
// Steps in one stage run side by side (their output is printed whole as each ends); stages run
// one after the other. The checks need no build; the build needs no tests, so it is made while
// the unit and API tests run; the browser tests need the build. Prints each step's time and the
// total, then one closing line "N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

let passed = 0;
let failed = 0;
/** @type {{ label: string, ok: boolean, seconds: string }[]} */
const results = [];
// the failed tests' names and the start of their messages, repeated at the end of the output
// where a reader of only its last lines finds them
const failures = [];
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * Runs a command. `stream` prints its output as it comes (one step running alone, or the one a
 * reader follows); otherwise it is kept and printed in one piece when the command ends.
 */
function run(label, cmd, args, { stream = false, env = {} } = {}) {
  const since = Date.now();
  if (stream) console.log(`\n=== ${label}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const ok = code === 0;
      if (!stream) process.stdout.write(`\n=== ${label}\n${Buffer.concat(output).toString()}`);
      console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} in ${seconds(since)} s`);
      resolve({ ok, seconds: seconds(since) });
    });
  });
}

const record = (label, { ok, seconds }) => {
  results.push({ label, ok, seconds });
  if (!ok) failed++;
  return ok;
};

/** A step: a command whose exit code is its result. */
const command = (label, cmd, args, opts) => async () => record(label, await run(label, cmd, args, opts));

/** A vitest run whose JSON report's tests are counted, its failures kept for the summary. */
const vitest = (label, projects, file, opts) => async () => {
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const result = await run(label, 'npx', args, opts);
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (report.numTotalTests === 0) failed++;
    for (const file of report.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      if (failedTests.length === 0 && file.status === 'failed')
        failures.push(`${file.name}: ${file.message}`);
      for (const t of failedTests) {
        const message = (t.failureMessages ?? []).join('\n').replace(ANSI, '');
        const lines = message
          .split('\n')
          .filter((l) => !/^\s+at /.test(l) || (l.includes('/test/') && !l.includes('node_modules')))
          .slice(0, 6)
          .join('\n    ');
        failures.push(`${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}\n    ${lines}`);
      }
    }
  } catch {
    failed++;
  }
  return record(label, result);
};

/** Steps side by side. */
const together = (...steps) => Promise.all(steps.map((step) => step()));

// Gzipped bytes per route against the P3 budgets: one check in the tally.
const bundleSize = async () => {
  const ok = record('bundle size', await run('bundle size', 'node', ['scripts/check-bundle-size.mjs']));
  if (ok) passed++;
  return ok;
};

/** The production build, then its bundle sizes. */
const buildAndMeasure = async () => {
  ensureChromium();
  if (record('build', await run('build', 'npm', ['run', 'build']))) return bundleSize();
  return record('bundle size (not run: the build failed)', { ok: false, seconds: '-' });
};

// The stages. Add a check to the first stage, or a stage of its own, as a line here.
await together(
  command('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
  command('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  command('format', 'npx', ['prettier', '--check', '.']),
  command('import cycles', 'npx', [
    'depcruise',
    'src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'err',
  ]),
  command('file length', 'node', ['scripts/check-file-length.mjs']),
  command('dependency engines', 'node', ['scripts/check-engines.mjs']),
);

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

await together(
  vitest(
    'unit + API (embedded and PostgreSQL)',
    ['unit', 'api-embedded', 'api-postgres'],
    'test-results/vitest.json',
    {
      stream: true,
    },
  ),
  buildAndMeasure,
);

await vitest('browser end to end', ['e2e'], 'test-results/e2e.json', { stream: true })();

const width = Math.max(...results.map((r) => r.label.length));
console.log('');
for (const r of results)
  console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.label.padEnd(width)} ${r.seconds.padStart(7)} s`);
console.log(`${'total (wall time)'.padStart(width + 7)} ${seconds(started).padStart(7)} s\n`);
if (failures.length > 0) console.log(`failed tests:\n${failures.slice(0, 4).join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
