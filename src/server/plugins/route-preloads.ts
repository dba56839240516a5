/**
 * Each client route's code loads on demand, and the client learns which route to show only after
 * its own script has run (and, for `/`, after asking who is signed in). The page served for a
 * route therefore names that route's chunks up front as `<link rel="modulepreload">`, so the
 * browser fetches them alongside the entry instead of after it: one round trip less before the
 * first meaningful paint.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** Which route module a path shows; `/` depends on whether a session cookie came with it. */
const ROUTES: { pattern: RegExp; module: string | ((signedIn: boolean) => string) }[] = [
  { pattern: /^\/$/, module: (signedIn) => (signedIn ? 'app/routes/dashboard.tsx' : 'app/routes/landing.tsx') },
  { pattern: /^\/auth\/?$/, module: 'app/routes/auth.tsx' },
  { pattern: /^\/legal-change\/\d+\/?$/, module: 'app/routes/legal-change.tsx' },
  { pattern: /^\/reset-password\/?$/, module: 'app/routes/reset-password.tsx' },
  { pattern: /^\/admin\/?$/, module: 'app/routes/admin.tsx' },
  { pattern: /^\/preferences\/?$/, module: 'app/routes/preferences.tsx' },
  { pattern: /^\/settings\/?$/, module: 'app/routes/settings.tsx' },
  { pattern: /^\/subscription\/?$/, module: 'app/routes/subscription.tsx' },
];

/** The route module a request path shows, or null when it is not one with its own chunk. */
export function routeModuleFor(path: string, signedIn: boolean): string | null {
  for (const route of ROUTES) {
    if (route.pattern.test(path)) return typeof route.module === 'string' ? route.module : route.module(signedIn);
  }
  return null;
}

/** The files a route module needs beyond what the entry already loads, each once. */
export function routeFiles(manifest: ViteManifest, module: string): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, into);
  };
  if (entryKey) collect(entryKey, loaded);
  const needed = new Set<string>();
  collect(module, needed);
  return [...needed].filter((key) => !loaded.has(key)).map((key) => manifest[key]!.file);
}

/** Reads the build's manifest; null when there is none (a build without one preloads nothing). */
export function readManifest(root: string): ViteManifest | null {
  const path = join(root, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

/** index.html for each route module, with its chunks named in <head>; built once per module. */
export function routePages(indexHtml: string, manifest: ViteManifest | null): (module: string | null) => string {
  const pages = new Map<string, string>();
  return (module) => {
    if (!module || !manifest?.[module]) return indexHtml;
    let page = pages.get(module);
    if (!page) {
      const links = routeFiles(manifest, module)
        .filter((file) => file.endsWith('.js'))
        .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`)
        .join('\n');
      page = links ? indexHtml.replace('</head>', `${links}\n  </head>`) : indexHtml;
      pages.set(module, page);
    }
    return page;
  };
}
