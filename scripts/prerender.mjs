// Renders the public pages (src/shared/prerendered-pages.ts) to HTML after `vite build`: bundles
// src/client/prerender-entry.tsx for Node, renders each page into #root of the built index.html,
// and writes dist/client/prerendered/<name>.html (the server sends these; see static-client.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const clientDir = resolve('dist/client');
const outDir = resolve('dist/prerender');

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
  mkdirSync(join(clientDir, PRERENDERED_DIR), { recursive: true });
  for (const name of PAGES) {
    const html = await renderPage(name);
    const title = pageTitle(name).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const page = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
      .replace(root, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${name}">${html}</div>`);
    // these pages read without scripts; only signing in needs them, so only /auth says so
    const noscript = name === 'auth' ? page : page.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
    writeFileSync(join(clientDir, PRERENDERED_DIR, `${name}.html`), noscript);
  }
  console.log(`prerendered ${PAGES.length} pages into dist/client/${PRERENDERED_DIR}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
