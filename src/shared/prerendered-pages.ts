/**
 * The public pages rendered to HTML at build time (scripts/prerender.mjs), so that a visitor sees
 * them before any script runs. Each is written to `dist/client/prerendered/<name>.html`; the
 * server sends it for its path, and the not-found page for any path that is no page at all.
 */
export const PRERENDERED_PAGES = {
  landing: '/',
  auth: '/auth',
  resetPassword: '/reset-password',
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

/**
 * The attribute of a rendered page's full stylesheet, which comes as `media="print"` so as not to
 * hold back the first paint (the page's own rules are inlined); the client applies it at start.
 */
export const FULL_STYLESHEET_ATTRIBUTE = 'data-full-stylesheet';

export function isPrerenderedPage(name: string | undefined): name is PrerenderedPage {
  return name !== undefined && Object.hasOwn(PRERENDERED_PAGES, name);
}

/**
 * The addresses, query included, that show a page exactly as it was rendered. By default only
 * the bare path does (a query usually changes what the page shows, so the client renders it).
 * - `/auth` with `action=signin` is the sign-in form it was rendered with; `redirect` only says
 *   where to go once signed in.
 * - `/reset-password` always comes with the emailed `token`, which the client reads from the
 *   address: the page is rendered as the form that link opens. Without a token the client shows
 *   "invalid link" itself.
 */
const SHOWN_AS_RENDERED: Partial<Record<PrerenderedPage, (query: URLSearchParams) => boolean>> = {
  auth: (query) =>
    [...query.keys()].every((key) => key === 'action' || key === 'redirect') &&
    (query.get('action') ?? 'signin') === 'signin',
  resetPassword: (query) => query.get('token') !== null && [...query.keys()].every((key) => key === 'token'),
};

/** The address each page is rendered at (the reset form needs a token to show; the HTML holds none). */
export const RENDERED_AT: Record<PrerenderedPage, string> = {
  ...PRERENDERED_PAGES,
  resetPassword: '/reset-password?token=link',
};

/**
 * The page rendered for `path` (exact, or with one trailing slash) and `query` (the part after
 * `?`, without it), if it shows that address as rendered; unknown paths have none.
 */
export function prerenderedPageFor(path: string, query = ''): Exclude<PrerenderedPage, 'notFound'> | null {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const [name, pagePath] of Object.entries(PRERENDERED_PAGES) as [PrerenderedPage, string][]) {
    if (name === 'notFound' || pagePath !== bare) continue;
    const params = new URLSearchParams(query);
    const shown = SHOWN_AS_RENDERED[name];
    return (shown ? shown(params) : query === '') ? name : null;
  }
  return null;
}
