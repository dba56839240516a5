/**
 * The browser routes the client serves (spec document 2 §2.1). The server answers index.html
 * with 200 for these and with 404 for any other path, so an unknown page is a real not-found.
 */

import { MEMBER_ONLY_PATHS } from './member-paths';

export { MEMBER_ONLY_PATHS };

/** Screens anyone may open. */
export const PUBLIC_PATHS = [
  '/',
  '/auth',
  '/auth-debug',
  '/admin',
  // an administrator invite's link (ADMIN_ACCEPT_PATH)
  '/admin/accept-invite',
  '/reset-password',
  '/terms',
  '/privacy',
  '/cookies',
  '/cookie-test',
  '/developers',
] as const;

const patterns = [...PUBLIC_PATHS, ...MEMBER_ONLY_PATHS].map(
  (p) => new RegExp(`^${p.replace(/:[a-z]+/g, '[^/]+')}/?$`),
);

/** True when `path` (without query) is one of the client's routes. */
export function isClientRoute(path: string): boolean {
  return patterns.some((re) => re.test(path));
}
