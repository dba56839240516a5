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
  [/^\/team(\/(join|horizon|activity))?\/?$/, 'app/routes/team.tsx'],
];

/** The module holding the members' routes (client/app/member-routes.tsx), loaded before any member screen. */
export const MEMBER_ROUTES_MODULE = 'app/member-routes.tsx';

function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/** The page's entry (index.html's script); the build's other entry is the early answers' script. */
export const ENTRY_KEY = 'index.html';
/** The script that gives a member's screen the answers its page came with (client/early-answers.ts). */
export const EARLY_ANSWERS_KEY = 'early-answers.ts';

/** The files a screen module needs beyond the entry's, in the manifest's order (the module first). */
export function screenFiles(manifest: Manifest, module: string): string[] {
  const loaded = manifest[ENTRY_KEY] ? closure(manifest, ENTRY_KEY) : new Set<string>();
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
 * The shell with the early answers (early-answers.ts's elements, before `</body>`) and the script
 * that hands them over, which runs before the entry: module scripts run in the page's order.
 */
export function withEarlyAnswers(html: string, script: string, elements: string): string {
  const entry = html.indexOf('<script type="module"');
  if (!elements || entry === -1 || !html.includes('</body>')) return html;
  const tag = `<script type="module" crossorigin src="/${script}"></script>`;
  return `${html.slice(0, entry)}${tag}${html.slice(entry)}`.replace('</body>', `${elements}</body>`);
}

export interface MemberShells {
  /** The shell for a path: with the screen's chunks listed when the manifest names that screen. */
  shell(path: string): string;
  /** The shell with a screen's early answers, when the build has their script; else as it is. */
  withAnswers(html: string, elements: string): string;
}

/** A member's shells, from the build's manifest (the plain shell without one). */
export function memberShells(root: string, shell: string): MemberShells {
  const path = join(root, '.vite', 'manifest.json');
  let manifest: Manifest | null = null;
  try {
    manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : null;
  } catch {
    manifest = null;
  }
  const script = manifest?.[EARLY_ANSWERS_KEY]?.file;
  const withAnswers = (html: string, elements: string) =>
    script ? withEarlyAnswers(html, script, elements) : html;
  if (!manifest) return { shell: () => shell, withAnswers };
  // every member's page needs the members' routes (their own chunk) beside its screen's
  const routes = screenFiles(manifest, MEMBER_ROUTES_MODULE);
  const shells = MEMBER_SCREEN_MODULES.map(
    ([pattern, module]) =>
      [pattern, withPreloads(shell, [...new Set([...routes, ...screenFiles(manifest, module)])])] as const,
  );
  return {
    shell: (requested) => shells.find(([pattern]) => pattern.test(requested))?.[1] ?? shell,
    withAnswers,
  };
}
