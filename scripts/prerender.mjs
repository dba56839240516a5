// Renders the public pages (src/shared/prerendered-pages.ts) to HTML after `vite build`: bundles
// src/client/prerender-entry.tsx for Node, renders each page into #root of the built index.html,
// and writes dist/client/prerendered/<name>.html (the server sends these; see static-client.ts).
//
// Each page paints from its HTML and the rules it uses, inlined in its <head> (critical-css.mjs),
// with nothing to wait for: the whole stylesheet comes as `media="print"` (fetched without
// holding the page back; the client's code applies it, main.tsx; <noscript> applies it without
// scripts), and the page's code is fetched with low priority, after what the page shows.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { criticalCss } from './critical-css.mjs';

const dist = process.env.BUILD_DIR ?? 'dist';
const clientDir = resolve(dist, 'client');
const outDir = resolve(dist, 'prerender');
/** The pages that say they need JavaScript (the others read without it). */
const SCRIPT_NEEDED = new Set(['auth', 'resetPassword']);

await build({
  configFile: resolve('vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: resolve('src/client/prerender-entry.tsx'),
    outDir,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'prerender-entry.mjs' } },
  },
});

try {
  const { renderPage, pageTitle, PAGES, PRERENDERED_DIR, PRERENDERED_ATTRIBUTE, FULL_STYLESHEET_ATTRIBUTE } =
    await import(pathToFileURL(join(outDir, 'prerender-entry.mjs')).href);
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`dist/client/index.html has no ${root}`);
  const stylesheets = [...template.matchAll(/\s*<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g)];
  if (stylesheets.length !== 1)
    throw new Error(`expected one stylesheet in index.html, found ${stylesheets.length}`);
  const [stylesheetLink, stylesheetHref] = stylesheets[0];
  const css = readFileSync(join(clientDir, stylesheetHref));
  mkdirSync(join(clientDir, PRERENDERED_DIR), { recursive: true });
  for (const name of PAGES) {
    const html = await renderPage(name);
    const title = pageTitle(name).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const filled = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
      .replace(root, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${name}">${html}</div>`);
    // these pages read without scripts; only signing in and setting a new password need them
    const page = SCRIPT_NEEDED.has(name) ? filled : filled.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
    const noscript = page
      .replace(
        stylesheetLink,
        () =>
          `\n    <style>${criticalCss(css, html)}</style>` +
          `\n    <link rel="stylesheet" crossorigin href="${stylesheetHref}" media="print" ${FULL_STYLESHEET_ATTRIBUTE}>` +
          `\n    <noscript><link rel="stylesheet" crossorigin href="${stylesheetHref}"></noscript>`,
      )
      // the page is on screen before its code is needed: the code comes after anything the page shows
      .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
      .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
    writeFileSync(join(clientDir, PRERENDERED_DIR, `${name}.html`), noscript);
  }
  console.log(`prerendered ${PAGES.length} pages into ${join(clientDir, PRERENDERED_DIR)}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
