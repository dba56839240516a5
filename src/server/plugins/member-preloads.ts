/**
 * A member's page opens with its screen's modules already on the way. The client renders a
 * member's screens itself, from the shell (index.html): it loads the entry, asks for the session,
 * then imports the screen's chunk, whose dependencies the bundler's preload helper adds one
 * `<link rel="modulepreload">` at a time. Listing the screen's chunks in the shell sent to a
 * member instead starts their download with the HTML's, and leaves the helper nothing to add
 * (inserting thirty links was about 40 ms of main thread on a throttled phone).
 *
 * The chunks come from the bundler's manifest (`.vite/manifest.json`): the screen module's file
 * and everything it imports statically, less what the shell already loads. They are asked for at
 * low priority, so that on a slow line they do not hold back the entry and the stylesheet the
 * first paint needs (at normal priority Lighthouse's phone model put the first paint 0.6 s later).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The screen module each member path opens (client/app/router.tsx's member routes). */
export const MEMBER_SCREEN_MODULES: readonly (readonly [RegExp, string])[] = [
  [/^\/$/, 'app/routes/dashboard.tsx'],
  [/^\/legal-changes?\/[^/]+\/?$/, 'app/routes/legal-change.tsx'],
  [/^\/legal-sources\/?$/, 'app/routes/legal-sources.tsx'],
  [/^\/settings\/?$/, 'app/routes/settings.tsx'],
  [/^\/preferences\/?$/, 'app/routes/preferences.tsx'],
  [/^\/subscription\/?$/, 'app/routes/subscription.tsx'],
  [/^\/subscribe\/?$/, 'app/routes/subscribe.tsx'],
  [/^\/upgrade\/?$/, 'app/routes/upgrade.tsx'],
];

function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/** The files a screen module needs beyond the entry's, in the manifest's order (the module first). */
export function screenFiles(manifest: Manifest, module: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  return [...closure(manifest, module)].filter((key) => !loaded.has(key)).map((key) => manifest[key]!.file);
}

/** The shell with `<link rel="modulepreload">` for each file, before `</head>`. */
export function withPreloads(html: string, files: string[]): string {
  if (!files.length || !html.includes('</head>')) return html;
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * The shell to send a member for a path: with their screen's chunks listed, when the build's
 * manifest names that screen; the plain shell otherwise (or without a manifest).
 */
export function memberShells(root: string, shell: string): (path: string) => string {
  const path = join(root, '.vite', 'manifest.json');
  let manifest: Manifest | null = null;
  try {
    manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : null;
  } catch {
    manifest = null;
  }
  if (!manifest) return () => shell;
  const shells = MEMBER_SCREEN_MODULES.map(
    ([pattern, module]) => [pattern, withPreloads(shell, screenFiles(manifest, module))] as const,
  );
  return (requested) => shells.find(([pattern]) => pattern.test(requested))?.[1] ?? shell;
}
