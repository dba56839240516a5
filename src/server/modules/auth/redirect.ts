const BASE = 'http://lexwatch.invalid';

/**
 * A redirect target limited to a path on this site ("/legal-change/5?tab=news"); anything else
 * (other origins, "//host", backslashes, control characters) gives null and is dropped.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if ([...value].some((c) => c <= ' ' || c === '\u007f' || c === '\\')) return null;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
