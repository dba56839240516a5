/**
 * Lighthouse (mobile preset, simulated throttling) on the built service, PostgreSQL with 2,000
 * generated legal changes: landing, /auth, the dashboard and a legal change page signed in,
 * settings, subscription and the admin sign-in. Three runs a page; the median of each figure is
 * printed with goals P1 (scores) and P2 (LCP, TBT, CLS) beside it. Figures are printed, never
 * asserted: the machine's 2 cores are shared, and Lighthouse's simulated throttling scales what
 * it measures here.
 *
 *   npm run build && node --import tsx bench/lighthouse.bench.ts     (or runLighthouseBench(pgAdminUrl))
 *   CHROME_PATH=/usr/bin/chromium (the default), BENCH_LIGHTHOUSE_RUNS=3
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDatabase, runMigrations } from '#server/db/client';
import { SESSION_COOKIE } from '#server/plugins/session';
import { buildSession, buildUser } from '#test/support/factories';
import { seedLegalChanges } from './legal-changes.bench-data';
import { startService, stopChild } from './lib';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
  /** goal P2's LCP for this page, ms */
  lcpGoalMs: number;
  /** SEO is a goal on public pages only */
  publicPage: boolean;
}

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

function pgUrl(admin: string, db: string) {
  const u = new URL(admin);
  u.pathname = `/${db}`;
  return u.toString();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function audit(url: string, port: number, cookie: string | null): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcp: metric('first-contentful-paint'),
  };
}

/** Runs the audits and returns a markdown section (a table and the goals). */
export async function runLighthouseBench(pgAdmin: string): Promise<string> {
  const name = `lexwatch_lh_${randomBytes(3).toString('hex')}`;
  const admin = openDatabase(pgAdmin, { max: 1 });
  await admin.pool.query(`CREATE DATABASE ${name}`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  let service: Awaited<ReturnType<typeof startService>> | null = null;
  try {
    const database = openDatabase(pgUrl(pgAdmin, name), { max: 2 });
    await runMigrations(database.db);
    await seedLegalChanges(database.pool, 2000);
    const member = await buildUser(database.db, {
      email: `lighthouse-${randomBytes(3).toString('hex')}@example.test`,
    });
    const token = await buildSession(database.db, member.id, {
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const { rows } = await database.pool.query<{ id: number }>(
      `select id from legal_changes order by item_date desc nulls last, id desc limit 1`,
    );
    await database.pool.query('VACUUM ANALYZE');
    await database.close();
    service = await startService({ DATABASE_URL: pgUrl(pgAdmin, name) });

    const pages: Page[] = [
      { name: 'landing', path: '/', signedIn: false, lcpGoalMs: 1800, publicPage: true },
      { name: '/auth', path: '/auth?action=signin', signedIn: false, lcpGoalMs: 1800, publicPage: true },
      { name: 'dashboard', path: '/', signedIn: true, lcpGoalMs: 2500, publicPage: false },
      {
        name: 'legal change',
        path: `/legal-change/${rows[0]!.id}`,
        signedIn: true,
        lcpGoalMs: 2500,
        publicPage: false,
      },
      { name: 'settings', path: '/settings', signedIn: true, lcpGoalMs: 2500, publicPage: false },
      { name: 'subscription', path: '/subscription', signedIn: true, lcpGoalMs: 2500, publicPage: false },
      { name: '/admin (sign-in)', path: '/admin', signedIn: false, lcpGoalMs: 2500, publicPage: false },
    ];
    const lines = [
      `Lighthouse 12, mobile preset (simulated throttling), ${RUNS} runs a page, medians; PostgreSQL with 2,000 generated legal changes; Chromium headless on the same 2 cores.`,
      '',
      '| page | performance | accessibility | best practices | SEO | LCP ms (goal) | TBT ms | CLS | FCP ms |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ];
    const misses: string[] = [];
    for (const page of pages) {
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(
          await audit(
            `${service.url}${page.path}`,
            chrome.port,
            page.signedIn ? `${SESSION_COOKIE}=${token}` : null,
          ),
        );
      }
      const m = (pick: (r: RunFigures) => number) => median(runs.map(pick));
      const perf = m((r) => r.scores.performance);
      const a11y = m((r) => r.scores.accessibility);
      const bp = m((r) => r.scores['best-practices']);
      const seo = m((r) => r.scores.seo);
      const lcp = m((r) => r.lcp);
      const tbt = m((r) => r.tbt);
      const cls = m((r) => r.cls);
      lines.push(
        `| ${page.name} | ${perf} | ${a11y} | ${bp} | ${page.publicPage ? seo : `(${seo})`} | ${Math.round(lcp)} (${page.lcpGoalMs}) | ${Math.round(tbt)} | ${cls.toFixed(3)} | ${Math.round(m((r) => r.fcp))} |`,
      );
      const missed = [
        perf < 95 && `performance ${perf} < 95`,
        a11y < 100 && `accessibility ${a11y} < 100`,
        bp < 95 && `best practices ${bp} < 95`,
        page.publicPage && seo < 95 && `SEO ${seo} < 95`,
        lcp > page.lcpGoalMs && `LCP ${Math.round(lcp)} ms > ${page.lcpGoalMs} ms`,
        tbt > 100 && `TBT ${Math.round(tbt)} ms > 100 ms`,
        cls > 0.02 && `CLS ${cls.toFixed(3)} > 0.02`,
      ].filter(Boolean);
      if (missed.length) misses.push(`- ${page.name}: ${missed.join('; ')}`);
      console.log(
        `  lighthouse ${page.name}: performance ${perf}, accessibility ${a11y}, LCP ${Math.round(lcp)} ms, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)}`,
      );
    }
    lines.push(
      '',
      misses.length ? `Goals P1/P2 not met:\n${misses.join('\n')}` : 'Goals P1/P2 met on every page.',
    );
    return lines.join('\n');
  } finally {
    if (service) await stopChild(service.child);
    chrome.kill();
    await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLighthouseBench(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    .then((report) => console.log(`\n${report}`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
