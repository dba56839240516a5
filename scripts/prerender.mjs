// Renders the public pages (src/shared/prerendered-pages.ts) to HTML after `vite build`: bundles
// src/client/prerender-entry.tsx for Node, renders each page into #root of the built index.html,
// and writes dist/client/prerendered/<name>.html (the server sends these; see static-client.ts).
//
// Each page paints from its HTML and the rules it uses, inlined in its <head> (critical-css.mjs);
// the whole stylesheet is fetched at once (preload) but applied from the end of <body>, where it
// holds nothing back that is above it. The client's code runs after it has applied, as before.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { criticalCss } from './critical-css.mjs';

const clientDir = resolve('dist/client');
const outDir = resolve('dist/prerender');
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
  const { renderPage, pageTitle, PAGES, PRERENDERED_DIR, PRERENDERED_ATTRIBUTE } = await import(
    pathToFileURL(join(outDir, 'prerender-entry.mjs')).href
  );
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
    const page = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
      .replace(root, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${name}">${html}</div>`)
      .replace(
        stylesheetLink,
        () =>
          `\n    <style>${criticalCss(css, html)}</style>` +
          `\n    <link rel="preload" as="style" crossorigin href="${stylesheetHref}">`,
      )
      .replace('</body>', () => `  <link rel="stylesheet" crossorigin href="${stylesheetHref}">\n  </body>`);
    // these pages read without scripts; only signing in and setting a new password need them
    const noscript = SCRIPT_NEEDED.has(name) ? page : page.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
    writeFileSync(join(clientDir, PRERENDERED_DIR, `${name}.html`), noscript);
  }
  console.log(`prerendered ${PAGES.length} pages into dist/client/${PRERENDERED_DIR}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
