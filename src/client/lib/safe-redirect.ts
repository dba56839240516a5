/** In-app links that carry a redirect target; the target itself is checked by `safeRedirectPath` (`#shared/redirect`). */

/** Appends `redirect=<encoded path>` to an in-app link when there is a safe path to carry. */
export function withRedirect(href: string, redirect: string | null): string {
  if (!redirect) return href;
  const separator = href.includes('?') ? '&' : '?';
  return `${href}${separator}redirect=${encodeURIComponent(redirect)}`;
}

/** Paths served by the API (e.g. `/api/login`) need a full page navigation, not a client-side one. */
export function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/api?');
}
