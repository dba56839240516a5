/** How the replay server reads fixtures and compares paths and queries. */
import { existsSync } from 'node:fs';
import { extname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingHttpHeaders } from 'node:http';
import type { ReplayRouteInput, Route } from './replay-types';

const TEST_ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = resolve(TEST_ROOT, '..');
export const DEFAULT_FIXTURES_DIR = resolve(TEST_ROOT, 'fixtures');

export const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.feed': 'application/atom+xml; charset=utf-8',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.rdf': 'application/rdf+xml; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

export function contentTypeForFile(file: string): string {
  const lower = file.toLowerCase();
  if (/\.(feed|atom)(\.xml)?$/.test(lower)) return CONTENT_TYPES['.atom']!;
  return CONTENT_TYPES[extname(lower)] ?? 'application/octet-stream';
}

export function sniffContentType(body: string): string {
  const start = body.trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return CONTENT_TYPES['.json']!;
  if (/^<!doctype html|^<html/i.test(start)) return CONTENT_TYPES['.html']!;
  if (/^<\?xml[^>]*>\s*<feed[\s>]/.test(start) || start.startsWith('<feed')) return CONTENT_TYPES['.atom']!;
  if (start.startsWith('<')) return CONTENT_TYPES['.xml']!;
  return CONTENT_TYPES['.txt']!;
}

export function normalisePath(path: string): string {
  let p = path;
  if (/^https?:\/\//i.test(p)) p = new URL(p).pathname;
  try {
    p = decodeURIComponent(p);
  } catch {
    // keep as is
  }
  return p.startsWith('/') ? p : `/${p}`;
}

/** A canonical, order-independent form of a query string. */
export function canonicalQuery(query: ReplayRouteInput['query'] | string): string {
  let params: URLSearchParams;
  if (query instanceof URLSearchParams) params = new URLSearchParams(query);
  else if (typeof query === 'string')
    params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  else {
    params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) params.append(k, String(v));
  }
  const pairs = [...params].sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1));
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

export function faultPattern(path: string): string {
  return path === '*' || path.endsWith('*') ? path : normalisePath(path);
}

export function resolveFixture(file: string, fixturesDir: string): string {
  if (isAbsolute(file)) return file;
  const candidates = [resolve(fixturesDir, file), resolve(REPO_ROOT, file)];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`Replay fixture not found: ${file} (looked in ${candidates.join(', ')})`);
  return found;
}

export function toHttpDate(value: Date | string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid lastModified: ${String(value)}`);
  // HTTP dates have second precision.
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** Whether a conditional request (If-None-Match, If-Modified-Since) is answered 304 by this route. */
export function isNotModified(route: Route, headers: IncomingHttpHeaders): boolean {
  const ifNoneMatch = headers['if-none-match'];
  const ifModifiedSince = headers['if-modified-since'];
  let notModified = false;
  if (route.etag && ifNoneMatch) {
    notModified = ifNoneMatch
      .split(',')
      .map((t) => t.trim())
      .some(
        (t) => t === '*' || t === route.etag || t.replace(/^W\//, '') === route.etag!.replace(/^W\//, ''),
      );
  } else if (route.lastModified && ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    notModified = !Number.isNaN(since) && route.lastModified.getTime() <= since;
  }
  return notModified;
}

/** 'GET /path?query', '/path?query' or a full URL: the method (GET when none), the path and the query. */
export function parseFixtureKey(key: string): { method: string; path: string; query: string | undefined } {
  const m = /^\s*(?:([A-Za-z]+)\s+)?(\S+)\s*$/.exec(key);
  if (!m) throw new Error(`Bad fixture key: '${key}'`);
  const method = m[1] ?? 'GET';
  const target = m[2]!;
  const withoutOrigin = /^https?:\/\//i.test(target)
    ? (() => {
        const u = new URL(target);
        return u.pathname + u.search;
      })()
    : target;
  const at = withoutOrigin.indexOf('?');
  const path = at === -1 ? withoutOrigin : withoutOrigin.slice(0, at);
  const query = at === -1 ? undefined : withoutOrigin.slice(at + 1);
  return { method, path, query };
}
