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

export default defineConfig({
  root: `${root}src/client`,
  publicDir: `${root}src/client/public`,
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  build: {
    outDir: `${root}dist/client`,
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
