const BASE = 'http://lexwatch.invalid';

/**
 * A redirect target limited to a path on this site ("/legal-change/5?tab=news"); anything else
 * (other origins, "//host", backslashes, spaces, control characters, anything not starting
 * with "/") gives null and is dropped. The server's /api/login and the client's screens follow
 * only what this keeps.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048 || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return null;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
