// Gzipped bytes each route downloads, read from the Vite manifest of the production build and
// checked against the budgets of goal P3. Prints a table; exits 1 when a route grows past its
// ceiling or a budgeted route is missing from the build.
//
// A budget is the goal; a ceiling, where a route is still over its goal, is where it stands
// today (rounded up). Over the budget is reported, over the ceiling fails: a route can only
// shrink towards its goal, never grow further from it. Lower a ceiling when a route shrinks.
//
//   node scripts/check-bundle-size.mjs [--verbose] [dist/client]
//
// A route's JS is the entry chunk, the route's lazy chunk and every chunk either imports
// statically (the browser loads those together). "extra" is what any other lazy chunk adds to
// what its importer has already loaded (for a screen: the entry; for a part of a screen: that
// screen). Locale dictionaries are data with their own budget, so route JS leaves them out.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KiB = 1024;

/** Routes whose whole first visit (entry + route) has a budget. */
const ROUTE_BUDGETS = [
  { label: '/ (landing)', key: 'app/routes/landing.tsx', budget: 120 * KiB },
  { label: '/auth', key: 'app/routes/auth.tsx', budget: 120 * KiB },
  // a member's screens load after the members' routes (their own chunk)
  {
    label: '/ (dashboard, signed in)',
    key: 'app/routes/dashboard.tsx',
    with: ['app/member-routes.tsx'],
    budget: 170 * KiB,
  },
];
/** Any other lazy chunk, counting what it adds to the entry. */
const EXTRA_CHUNK_BUDGET = 60 * KiB;
/**
 * Routes still over their budget, by label: the most they may weigh until they shrink. The
 * dashboard now reads the sources' vocabulary in the member's language, a date label per item,
 * the team view's switch and the data-age banner's slot, and counts the members' routes (their
 * own chunk since the visitors' pages stopped carrying them): 4.0 KiB over its goal now that the
 * vocabulary's forms live in the dictionaries. Next: the team view's switch off the first render.
 * @type {Record<string, number>}
 */
const CEILINGS = {
  '/ (dashboard, signed in)': 174.1 * KiB,
};
/** Each locale dictionary (one is loaded at a time). */
const LOCALE_BUDGET = 15 * KiB;
/** All stylesheets together. */
const CSS_BUDGET = 30 * KiB;

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const clientDir = args.find((arg) => !arg.startsWith('--')) ?? 'dist/client';
const manifestPath = join(clientDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No Vite manifest at ${manifestPath}: build first (vite.config.ts sets build.manifest).`);
  process.exit(1);
}
/** @type {Record<string, { file: string, name?: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzCache = new Map();
const gzBytes = (file) => {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(clientDir, file))).length);
  return gzCache.get(file);
};

const isLocale = (key) =>
  /^locale-/.test(manifest[key]?.name ?? '') ||
  /i18n\/(?:area-)?locales\/(?:[\w-]+\/)?[^/]+\.json$/.test(manifest[key]?.src ?? '');
const localeFiles = new Set(
  Object.keys(manifest)
    .filter(isLocale)
    .map((key) => manifest[key].file),
);
/** 'es', 'admin-es' (named chunks) or, for an area's dictionary, 'legal-change-es' (from its path). */
const localeLabel = (key) => {
  const area = /i18n\/area-locales\/([\w-]+)\/([\w-]+)\.json$/.exec(manifest[key]?.src ?? '');
  return area ? `${area[1]}-${area[2]}` : (manifest[key].name ?? key).replace(/^locale-/, '');
};
const isJs = (file) => file.endsWith('.js') && !localeFiles.has(file);
const isCss = (file) => file.endsWith('.css');

/** Output files (JS and CSS) of a manifest chunk and of everything it imports statically. */
function closure(key) {
  const files = new Set();
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`${k} is imported but not in the manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(key);
  return files;
}

const sum = (files) => [...files].reduce((total, file) => total + gzBytes(file), 0);
const only = (files, keep) => new Set([...files].filter(keep));

// the page's entry (the build's other entry is the member pages' early-answers script)
const entryKey = 'index.html';
if (!manifest[entryKey]) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}
const entryFiles = closure(entryKey);

/** @type {{ label: string, kind: string, files: Set<string>, budget: number | null }[]} */
const rows = [{ label: 'entry (every page)', kind: 'total', files: only(entryFiles, isJs), budget: null }];
const missing = ROUTE_BUDGETS.flatMap((route) => [route.key, ...(route.with ?? [])]).filter(
  (key) => !manifest[key],
);
for (const { label, key, budget, with: alongside = [] } of ROUTE_BUDGETS.filter(
  (route) => manifest[route.key],
)) {
  const loaded = [key, ...alongside].filter((k) => manifest[k]).flatMap((k) => [...closure(k)]);
  rows.push({ label, kind: 'total', files: only(new Set([...entryFiles, ...loaded]), isJs), budget });
}
const budgeted = new Set(ROUTE_BUDGETS.flatMap((route) => [route.key, ...(route.with ?? [])]));
const lazyKeys = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry && !budgeted.has(k) && !isLocale(k))
  .sort();
const importersOf = (key) => Object.keys(manifest).filter((k) => manifest[k].dynamicImports?.includes(key));
for (const key of lazyKeys) {
  const label = key
    .replace(/^app\/routes\//, '')
    .replace(/^(components|features)\//, '')
    .replace(/\.[jt]sx?$/, '');
  // what it adds over a chunk that imports it (loaded by then, with its own imports); with
  // several importers (e.g. a screen, and the entry fetching the same part early), the least
  const importers = importersOf(key);
  const extras = (importers.length > 0 ? importers : [entryKey]).map((importer) => {
    const loaded = new Set([...entryFiles, ...closure(importer)]);
    return only(closure(key), (file) => isJs(file) && !loaded.has(file));
  });
  const files = extras.reduce((least, next) => (sum(next) < sum(least) ? next : least));
  rows.push({ label, kind: 'extra', files, budget: EXTRA_CHUNK_BUDGET });
}
for (const key of Object.keys(manifest).filter(isLocale).sort()) {
  rows.push({
    label: `locale ${localeLabel(key)}`,
    kind: 'data',
    files: new Set([manifest[key].file]),
    budget: LOCALE_BUDGET,
  });
}
const allCss = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
rows.push({ label: 'CSS (all stylesheets)', kind: 'total', files: only(allCss, isCss), budget: CSS_BUDGET });

const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
const width = Math.max(...rows.map((row) => row.label.length));
console.log(
  `${'route'.padEnd(width)}  kind   ${'gzip'.padStart(10)}  ${'budget'.padStart(10)}  ${'ceiling'.padStart(10)}  status`,
);
let over = 0;
let overBudget = 0;
for (const row of rows) {
  const bytes = sum(row.files);
  const ceiling = CEILINGS[row.label] ?? row.budget;
  const withinBudget = row.budget === null || bytes <= row.budget;
  const withinCeiling = ceiling === null || bytes <= ceiling;
  if (!withinCeiling) over++;
  else if (!withinBudget) overBudget++;
  const budget = row.budget === null ? '' : kib(row.budget);
  const ceilingText = ceiling === null || ceiling === row.budget ? '' : kib(ceiling);
  const status =
    row.budget === null
      ? ''
      : !withinCeiling
        ? `FAIL: over the ceiling by ${kib(bytes - ceiling)}`
        : withinBudget
          ? 'ok'
          : `over budget by ${kib(bytes - row.budget)}`;
  console.log(
    `${row.label.padEnd(width)}  ${row.kind.padEnd(5)}  ${kib(bytes).padStart(10)}  ${budget.padStart(10)}  ${ceilingText.padStart(10)}  ${status}`,
  );
  if (verbose) {
    for (const file of [...row.files].sort((a, b) => gzBytes(b) - gzBytes(a)))
      console.log(`${''.padEnd(width)}  ${kib(gzBytes(file)).padStart(17)}  ${file}`);
  }
}
for (const key of missing)
  console.error(`The budgeted route ${key} is not in the manifest (renamed, or no longer a lazy chunk?).`);
if (over > 0 || missing.length > 0) {
  console.error(
    `\nBundle size check failed: ${over} over the ceiling${missing.length ? `, ${missing.length} missing` : ''}.`,
  );
  process.exit(1);
}
for (const label of Object.keys(CEILINGS)) {
  if (!rows.some((row) => row.label === label))
    console.error(`A ceiling names ${label}, which is no longer in the table: remove it.`);
}
console.log(
  overBudget
    ? `\nNo route grew past its ceiling; ${overBudget} still over budget.`
    : '\nEvery route is within its budget.',
);
