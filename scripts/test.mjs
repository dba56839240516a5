// Every test: typecheck, lint, formatting, unit, API integration on the embedded database and on
// PostgreSQL, the bundle size budgets of the production build, then the browser end-to-end
// tests on that build.
// Prints one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
};

let passed = 0;
let failed = 0;
const steps = [];
// the failed tests' names and the start of their messages, repeated at the end of the output
// where a reader of only its last lines finds them
const failures = [];
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const step = (label, ok) => {
  steps.push(`${ok ? 'ok    ' : 'FAILED'} ${label}`);
  if (!ok) failed++;
};

step('typecheck', run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']));
step('lint', run('lint', 'npx', ['eslint', '.', '--max-warnings=0']));
step('format', run('format', 'npx', ['prettier', '--check', '.']));

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

const vitest = (label, projects, file) => {
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const ok = run(label, 'npx', args);
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
  step(label, ok);
};

vitest(
  'unit + API (embedded and PostgreSQL)',
  ['unit', 'api-embedded', 'api-postgres'],
  'test-results/vitest.json',
);

ensureChromium();
const built = run('build', 'npm', ['run', 'build']);
step('build', built);

// Gzipped bytes per route against the P3 budgets: one check in the tally.
const withinBudget = built && run('bundle size', 'node', ['scripts/check-bundle-size.mjs']);
if (withinBudget) passed++;
step(built ? 'bundle size' : 'bundle size (not run: the build failed)', withinBudget);
vitest('browser end to end', ['e2e'], 'test-results/e2e.json');

console.log(`\n${steps.join('\n')}\n`);
if (failures.length > 0) console.log(`failed tests:\n${failures.slice(0, 4).join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
