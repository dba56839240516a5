/**
 * The browser routes the client serves (spec document 2 §2.1). The server answers index.html
 * with 200 for these and with 404 for any other path, so an unknown page is a real not-found.
 */

/** Screens only a signed-in member may open. */
export const MEMBER_ONLY_PATHS = [
  '/subscription',
  '/subscribe',
  '/upgrade',
  '/legal-sources',
  '/settings',
  '/preferences',
  '/legal-change/:id',
  '/legal-changes/:id',
] as const;

/** Screens anyone may open. */
export const PUBLIC_PATHS = [
  '/',
  '/auth',
  '/auth-debug',
  '/admin',
  '/reset-password',
  '/terms',
  '/privacy',
  '/cookies',
  '/cookie-test',
] as const;

const patterns = [...PUBLIC_PATHS, ...MEMBER_ONLY_PATHS].map(
  (p) => new RegExp(`^${p.replace(/:[a-z]+/g, '[^/]+')}/?$`),
);

/** True when `path` (without query) is one of the client's routes. */
export function isClientRoute(path: string): boolean {
  return patterns.some((re) => re.test(path));
}
