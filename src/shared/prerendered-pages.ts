/**
 * The public pages rendered to HTML at build time (scripts/prerender.mjs), so that a visitor sees
 * them before any script runs. Each is written to `dist/client/prerendered/<name>.html`; the
 * server sends it for its path, and the not-found page for any path that is no page at all.
 */
export const PRERENDERED_PAGES = {
  landing: '/',
  auth: '/auth',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  notFound: '/404',
} as const;

export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

/** The folder, inside the client build, that holds the rendered pages. */
export const PRERENDERED_DIR = 'prerendered';

/** The attribute on `#root` naming the page rendered into it (the client hydrates that page). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export function isPrerenderedPage(name: string | undefined): name is PrerenderedPage {
  return name !== undefined && Object.hasOwn(PRERENDERED_PAGES, name);
}

/** The page rendered for `path` (exact, or with one trailing slash), if any; unknown paths have none. */
export function prerenderedPageFor(path: string): Exclude<PrerenderedPage, 'notFound'> | null {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const [name, pagePath] of Object.entries(PRERENDERED_PAGES)) {
    if (name !== 'notFound' && pagePath === bare) return name as Exclude<PrerenderedPage, 'notFound'>;
  }
  return null;
}
