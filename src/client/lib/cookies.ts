/** Reads a cookie the server made readable to scripts (e.g. `csrf-token`); null when absent. */
export function readCookie(
  name: string,
  source: string = typeof document === 'undefined' ? '' : document.cookie,
): string | null {
  for (const part of source.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}
