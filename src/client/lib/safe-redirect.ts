/**
 * Turns an untrusted `redirect` value (query string) into a same-origin path, or null.
 * Only paths on this site are ever followed: absolute URLs to other hosts, protocol-relative
 * URLs (`//evil.example`), backslash tricks (`/\evil.example`), `javascript:` and anything with
 * control characters are refused.
 */
export function safeRedirectPath(
  raw: string | null | undefined,
  origin: string = currentOrigin(),
): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (value === '' || value.length > 2048) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  if (value.includes('\\')) return null;

  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

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
