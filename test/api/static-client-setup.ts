/**
 * Shared by the static client tests: a page rendered at build time, and a client build in a
 * new folder (the shell with its head, the bundler's manifest and any pages rendered at build time).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRERENDERED_DIR } from '#shared/prerendered-pages';

export const pageHtml = (name: string) =>
  `<html><body><div id="root" data-prerendered="${name}"><h1>${name}</h1></div></body></html>`;

export const SHELL_WITH_HEAD =
  '<html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

/** A client build in a new folder: the shell with its head, the bundler's manifest and any pages rendered at build time. */
export function clientBuild(manifest: object, prerendered: string[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'lexwatch-client-'));
  writeFileSync(join(root, 'index.html'), SHELL_WITH_HEAD);
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  if (prerendered.length) mkdirSync(join(root, PRERENDERED_DIR));
  for (const name of prerendered) writeFileSync(join(root, PRERENDERED_DIR, `${name}.html`), pageHtml(name));
  return root;
}
