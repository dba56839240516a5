/**
 * Lighthouse (mobile preset, simulated throttling) on the built service, PostgreSQL with 2,000
 * generated legal changes: landing, /auth, /terms, and the dashboard and a legal change page
 * signed in (`BENCH_LIGHTHOUSE_PAGES=all` adds settings, subscription and the admin sign-in).
 * Three runs a page; the median of each figure is printed with the goals beside it: performance
 * ≥ 95 on the public pages and ≥ 90 signed in, accessibility 100, CLS ≤ 0.02 (issue 14), and
 * goals P1/P2 (LCP, TBT, best practices, SEO). Figures are printed, never asserted: the machine's
 * 2 cores are shared, and Lighthouse's simulated throttling scales what it measures here.
 *
 * Before and after: `BENCH_LIGHTHOUSE_BASE=<a checkout of an earlier commit, built>` serves that
 * build too, on the same database, and audits the two in turn, run by run, so both meet the same
 * load; the table then shows "before → after".
 *
 *   npm run build && node --import tsx bench/lighthouse.bench.ts     (or runLighthouseBench(pgAdminUrl))
 *   CHROME_PATH=/usr/bin/chromium (the default), BENCH_LIGHTHOUSE_RUNS=3
 *   BENCH_LIGHTHOUSE_REPORTS=<dir>: each audit's full report (JSON) is written there, to read
 *   Lighthouse's own diagnostics (LCP phases, request chains, main-thread work) for a page
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDatabase, runMigrations } from '#server/db/client';
import { SESSION_COOKIE } from '#server/plugins/session';
import { COOKIE_POLICY_VERSION } from '#shared/cookie-consent';
import { buildSession, buildUser } from '#test/support/factories';
import { seedLegalChanges } from './legal-changes.bench-data';
import { pgUrl, startService, stopChild } from './lib';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const BASE_DIR = process.env.BENCH_LIGHTHOUSE_BASE || null;
const ALL_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES === 'all';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS || null;
let reportCount = 0;

interface Page {
  name: string;
  path: string;
  /** signed in as a member who has answered the cookie banner ('member'), or has not yet ('new member') */
  signedIn: false | 'member' | 'new member';
  /** goal P2's LCP for this page, ms */
  lcpGoalMs: number;
  /** SEO is a goal on public pages only; performance ≥ 95 there, ≥ 90 signed in */
  publicPage: boolean;
}

const performanceGoal = (page: Page) => (page.publicPage ? 95 : 90);

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One audit; Lighthouse now and then loses the trace of a load (NO_NAVSTART…): tried again, up to 3 times. */
async function audit(url: string, port: number, cookie: string | null): Promise<RunFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, port, cookie);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`  lighthouse ${url}: ${(error as Error).message.split('\n')[0]}; again`);
    }
  }
}

async function auditOnce(url: string, port: number, cookie: string | null): Promise<RunFigures> {
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
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
    reportCount += 1;
    writeFileSync(
      join(REPORTS_DIR, `${String(reportCount).padStart(2, '0')}-${slug}.json`),
      JSON.stringify(lhr),
    );
  }
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
  let base: Awaited<ReturnType<typeof startService>> | null = null;
  try {
    const database = openDatabase(pgUrl(pgAdmin, name), { max: 2 });
    await runMigrations(database.db);
    await seedLegalChanges(database.pool, 2000);
    // A member who signed up through the site has been offered the cookie banner there and has
    // answered it (saved to their account), as most members opening their dashboard have; a new
    // member who has not gets the banner 1.5 s in, and its text is then the largest paint.
    const tokens = {} as Record<'member' | 'new member', string>;
    for (const kind of ['member', 'new member'] as const) {
      const user = await buildUser(database.db, {
        email: `lighthouse-${randomBytes(3).toString('hex')}@example.test`,
      });
      tokens[kind] = await buildSession(database.db, user.id, {
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      if (kind === 'member') {
        await database.pool.query(
          `insert into cookie_preferences (user_id, analytics, functional, marketing, policy_version) values ($1, false, false, false, $2)`,
          [user.id, COOKIE_POLICY_VERSION],
        );
      }
    }
    const { rows } = await database.pool.query<{ id: number }>(
      `select id from legal_changes order by item_date desc nulls last, id desc limit 1`,
    );
    await database.pool.query('VACUUM ANALYZE');
    await database.close();
    const env = { DATABASE_URL: pgUrl(pgAdmin, name) };
    service = await startService(env);
    if (BASE_DIR) base = await startService(env, BASE_DIR);
    const targets = [
      ...(base ? [{ label: 'before', url: base.url }] : []),
      { label: 'after', url: service.url },
    ];

    const allPages: Page[] = [
      { name: 'landing', path: '/', signedIn: false, lcpGoalMs: 1800, publicPage: true },
      { name: '/auth', path: '/auth?action=signin', signedIn: false, lcpGoalMs: 1800, publicPage: true },
      { name: '/terms', path: '/terms', signedIn: false, lcpGoalMs: 1800, publicPage: true },
      { name: 'dashboard', path: '/', signedIn: 'member', lcpGoalMs: 2500, publicPage: false },
      {
        name: 'legal change',
        path: `/legal-change/${rows[0]!.id}`,
        signedIn: 'member',
        lcpGoalMs: 2500,
        publicPage: false,
      },
      {
        name: 'dashboard (banner due)',
        path: '/',
        signedIn: 'new member',
        lcpGoalMs: 2500,
        publicPage: false,
      },
      ...(ALL_PAGES
        ? ([
            { name: 'settings', path: '/settings', signedIn: 'member', lcpGoalMs: 2500, publicPage: false },
            {
              name: 'subscription',
              path: '/subscription',
              signedIn: 'member',
              lcpGoalMs: 2500,
              publicPage: false,
            },
            { name: '/admin (sign-in)', path: '/admin', signedIn: false, lcpGoalMs: 2500, publicPage: false },
          ] satisfies Page[])
        : []),
    ];
    // BENCH_LIGHTHOUSE_ONLY=landing,/terms: those pages only
    const only = process.env.BENCH_LIGHTHOUSE_ONLY?.split(',');
    const pages = only ? allPages.filter((page) => only.includes(page.name)) : allPages;
    const lines = [
      `Lighthouse 12, mobile preset (simulated throttling), ${RUNS} runs a page, medians; PostgreSQL with 2,000 generated legal changes; Chromium headless on the same 2 cores.` +
        (base ? ` Before: the build in ${BASE_DIR}; after: this build; audited in turn, run by run.` : ''),
      '',
      '| page | performance (goal) | accessibility (goal 100) | CLS (goal ≤ 0.02) | LCP ms (goal) | TBT ms | FCP ms | best practices | SEO |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ];
    const misses: string[] = [];
    const otherMisses: string[] = [];
    for (const page of pages) {
      const runs = new Map<string, RunFigures[]>(targets.map((target) => [target.label, []]));
      for (let i = 0; i < RUNS; i += 1) {
        for (const target of targets) {
          runs
            .get(target.label)!
            .push(
              await audit(
                `${target.url}${page.path}`,
                chrome.port,
                page.signedIn ? `${SESSION_COOKIE}=${tokens[page.signedIn]}` : null,
              ),
            );
        }
      }
      const medians = (label: string) => {
        const m = (pick: (r: RunFigures) => number) => median(runs.get(label)!.map(pick));
        return {
          perf: m((r) => r.scores.performance),
          a11y: m((r) => r.scores.accessibility),
          bp: m((r) => r.scores['best-practices']),
          seo: m((r) => r.scores.seo),
          lcp: m((r) => r.lcp),
          tbt: m((r) => r.tbt),
          cls: m((r) => r.cls),
          fcp: m((r) => r.fcp),
        };
      };
      const after = medians('after');
      const before = base ? medians('before') : null;
      type Figures = typeof after;
      const cell = (
        pick: (f: Figures) => number,
        format: (n: number) => string = (n) => String(Math.round(n)),
      ) => (before ? `${format(pick(before))} → ${format(pick(after))}` : format(pick(after)));
      const cls = (n: number) => n.toFixed(3);
      const seo = cell((f) => f.seo);
      lines.push(
        `| ${page.name} | ${cell((f) => f.perf)} (${performanceGoal(page)}) | ${cell((f) => f.a11y)} | ${cell((f) => f.cls, cls)} | ${cell((f) => f.lcp)} (${page.lcpGoalMs}) | ${cell((f) => f.tbt)} | ${cell((f) => f.fcp)} | ${cell((f) => f.bp)} | ${page.publicPage ? seo : `(${seo})`} |`,
      );
      const missed = [
        after.perf < performanceGoal(page) && `performance ${after.perf} < ${performanceGoal(page)}`,
        after.a11y < 100 && `accessibility ${after.a11y} < 100`,
        after.cls > 0.02 && `CLS ${cls(after.cls)} > 0.02`,
      ].filter(Boolean);
      if (missed.length) misses.push(`- ${page.name}: ${missed.join('; ')}`);
      const otherMissed = [
        after.bp < 95 && `best practices ${after.bp} < 95`,
        page.publicPage && after.seo < 95 && `SEO ${after.seo} < 95`,
        after.lcp > page.lcpGoalMs && `LCP ${Math.round(after.lcp)} ms > ${page.lcpGoalMs} ms`,
        after.tbt > 100 && `TBT ${Math.round(after.tbt)} ms > 100 ms`,
      ].filter(Boolean);
      if (otherMissed.length) otherMisses.push(`- ${page.name}: ${otherMissed.join('; ')}`);
      console.log(
        `  lighthouse ${page.name}: performance ${cell((f) => f.perf)}, accessibility ${cell((f) => f.a11y)}, LCP ${cell((f) => f.lcp)} ms, TBT ${cell((f) => f.tbt)} ms, CLS ${cell((f) => f.cls, cls)}`,
      );
    }
    lines.push(
      '',
      misses.length
        ? `Goals (performance, accessibility, CLS) not met:\n${misses.join('\n')}`
        : 'Goals (performance, accessibility, CLS) met on every page.',
      '',
      otherMisses.length
        ? `Goals P1/P2 (LCP, TBT, best practices, SEO) not met:\n${otherMisses.join('\n')}`
        : 'Goals P1/P2 (LCP, TBT, best practices, SEO) met on every page.',
    );
    return lines.join('\n');
  } finally {
    if (service) await stopChild(service.child);
    if (base) await stopChild(base.child);
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
