import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export const aliases = {
  '#server': `${root}src/server`,
  '#shared': `${root}src/shared`,
  '#client': `${root}src/client`,
  '#test': `${root}test`,
};

// the interface dictionaries (`locale-es`) and the areas' (`locale-admin-es`, `locale-policies-es`);
// the sources' words of a language (src/shared/vocabulary/locales/es.json) share its interface
// dictionary's chunk, so a language stays one download
const LOCALE_FILE =
  /[\\/](?:i18n|shared[\\/]vocabulary|features[\\/]([\w-]+))[\\/]locales[\\/]([\w-]+)\.json$/;
const localeChunkName = (id: string) => {
  const [, area, code] = LOCALE_FILE.exec(id) ?? [];
  return code ? `locale-${area ? `${area}-` : ''}${code}` : null;
};

export default defineConfig({
  root: `${root}src/client`,
  publicDir: `${root}src/client/public`,
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  build: {
    // BUILD_DIR lets a second build (another checkout's browser tests) sit beside dist
    outDir: `${root}${process.env.BUILD_DIR ?? 'dist'}/client`,
    emptyOutDir: true,
    sourcemap: false,
    // every browser the service supports knows <link rel="modulepreload">; without it (Safari
    // before 17) the chunks still load, only less early, so no page carries the polyfill
    modulePreload: { polyfill: false },
    assetsDir: 'assets',
    // dist/client/.vite/manifest.json: read by scripts/check-bundle-size.mjs (not served: dot folder)
    manifest: true,
    rolldownOptions: {
      // the page, and the script a member's page runs first to hand over its early answers
      // (client/early-answers.ts; the server adds it to the pages that have answers)
      input: {
        index: `${root}src/client/index.html`,
        'early-answers': `${root}src/client/early-answers.ts`,
      },
      output: {
        // Seven hash characters (the fewest the bundler allows for this many chunks) rather than eight: every page's entry lists every chunk's
        // file name for preloading, and those random characters are what gzip cannot shrink.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          groups: [
            // Libraries every page needs, in long-lived chunks that change only on upgrades: React
            // apart, as the largest and steadiest. `$initial` keeps lazily used parts of these
            // packages (Radix widgets) out of them.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 30,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            // The interface language machinery every page runs (the sources' words merged into each
            // dictionary included), with the header's language switcher (in both the visitors' and
            // the members' header) and the class-name helper every component uses, in one chunk
            // rather than several small shared ones.
            {
              name: 'i18n',
              test: /src[\\/](client[\\/](i18n[\\/](index|translate|language-switcher)\.tsx?|lib[\\/](storage|api-client|utils|query-keys[\\/]session)\.ts)|shared[\\/](languages|vocabulary[\\/]dictionary)\.ts)$/,
              priority: 15,
            },
            // The small form pieces the sign-in page and most other forms share, in one chunk
            // rather than five (each chunk costs its own import and export code).
            {
              name: 'form-ui',
              test: /src[\\/]client[\\/]components[\\/]ui[\\/](input|form-field|error-summary|alert|password-input)\.tsx$/,
              priority: 12,
            },
            // Each dictionary is a locale bundle of its own ("locale-en"), cached apart from the code
            // and counted as data by the bundle budgets.
            { name: localeChunkName, test: LOCALE_FILE, priority: 20 },
            // The product's plans and the kinds of legislation, read by the landing page and the
            // member screens alike, in one chunk rather than two small ones.
            {
              name: 'product-facts',
              test: /src[\\/]shared[\\/](tiers|paid-tiers|legislation)\.ts$/,
              priority: 11,
            },
            // Validation: only screens that parse with the shared schemas load it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
