/**
 * Replays recorded upstream responses on 127.0.0.1, so that source clients can be pointed at it (their base
 * URL comes from configuration) instead of the internet.
 *
 * Routes match by method and path; a route with a `query` matches only that exact set of query parameters
 * (order does not matter) and wins over a route without one, which matches any query. Faults can be put in
 * front of a path for the next N requests (or until cleared) to reproduce upstream failures: 500s, hangs,
 * WAF challenge pages, 307 redirects to HTML, 429s, truncated JSON, malformed XML and connection resets.
 *
 *   const replay = await startReplayServer();
 *   replay.loadFixtureMap({
 *     'GET /api/v1/Bills?SortOrder=DateUpdatedDescending': 'parliament-bills/bills-updated.json',
 *     '/new/data.feed': 'legislation-gov-uk/new.feed.xml',
 *   });
 *   replay.fault('/new/data.feed', 'status500', { times: 2 });
 */
import { existsSync, readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SocketTracker, closeServer, listenOnLoopback, queryRecord, readBody } from './http-fake';

const TEST_ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = resolve(TEST_ROOT, '..');
export const DEFAULT_FIXTURES_DIR = resolve(TEST_ROOT, 'fixtures');

export type FaultKind =
  | 'status500'
  | 'status503'
  | 'forbidden403'
  | 'timeout'
  | 'html200'
  | 'redirect307'
  | 'rateLimited'
  | 'truncatedJson'
  | 'malformedXml'
  | 'reset';

export interface ReplayRouteInput {
  /** Defaults to GET. A GET route also answers HEAD. */
  method?: string;
  /** Path, e.g. '/api/v1/Bills'. A full URL is accepted (its origin is ignored); a '?query' acts as `query`. */
  path: string;
  /** When given, the route only matches requests with exactly these query parameters. */
  query?: string | Record<string, string | number | boolean> | URLSearchParams;
  status?: number;
  headers?: Record<string, string>;
  /** Objects and arrays are sent as JSON. */
  body?: string | Buffer | object;
  /** A file under test/fixtures (or an absolute path, or a path from the repository root). */
  bodyFile?: string;
  /** Defaults from the file extension or the body's look; JSON for objects. */
  contentType?: string;
  delayMs?: number;
  /** Serve this route for the next N matching requests only, then drop it. */
  times?: number;
  /** Sent as Last-Modified; a request with If-Modified-Since at or after it gets 304. */
  lastModified?: Date | string;
  /** Sent as ETag; a request with a matching If-None-Match gets 304. */
  etag?: string;
}

export interface FaultOptions {
  /** Limit to the next N matching requests; afterwards the normal route answers. Default: until cleared. */
  times?: number;
  /** Only requests with this method (default: any). */
  method?: string;
  /** Retry-After seconds for 'rateLimited' and 'status503' (default 1). */
  retryAfterSeconds?: number;
  /** Location for 'redirect307' (default: '/search' with the request's query string). */
  location?: string;
}

export interface ReplayRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The raw query string including '?', or ''. */
  search: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: Date;
  /** Status answered; undefined when the connection was reset or left hanging. */
  status?: number;
  /** The fault applied to this request, if any. */
  fault?: FaultKind;
  /** False when no route matched (answered 404). */
  matched: boolean;
}

export type FixtureSpec = string | Omit<ReplayRouteInput, 'method' | 'path' | 'query'>;

export interface ReplayServer {
  readonly url: string;
  readonly port: number;
  /** Adds a route, replacing any route with the same method, path and query. */
  route(input: ReplayRouteInput): void;
  /**
   * Loads many fixtures at once. Keys are 'GET /path?query', '/path?query' or '/path' (method GET; without a
   * query string the route matches any query). Values are file paths under test/fixtures, or route options.
   */
  loadFixtureMap(map: Record<string, FixtureSpec>): void;
  /**
   * Puts a fault in front of `path` ('*' = every path, a trailing '*' = prefix; a '?query' limits it to that
   * exact query). Faults queue in order: the first one with requests left applies.
   */
  fault(path: string, kind: FaultKind, options?: FaultOptions | number): void;
  clearFaults(path?: string): void;
  readonly requests: readonly ReplayRequest[];
  requestsTo(path: string, method?: string): ReplayRequest[];
  clearRequests(): void;
  /** Removes routes, faults and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

interface Route {
  method: string;
  path: string;
  queryKey: string | null;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  delayMs: number;
  remaining: number;
  lastModified: Date | null;
  etag: string | null;
}

interface Fault {
  pattern: string;
  /** Canonical query the request must have, or null for any. */
  queryKey: string | null;
  kind: FaultKind;
  method: string | null;
  remaining: number;
  retryAfterSeconds: number;
  location: string | null;
}

const CONTENT_TYPES: Record<string, string> = {
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

function contentTypeForFile(file: string): string {
  const lower = file.toLowerCase();
  if (/\.(feed|atom)(\.xml)?$/.test(lower)) return CONTENT_TYPES['.atom']!;
  return CONTENT_TYPES[extname(lower)] ?? 'application/octet-stream';
}

function sniffContentType(body: string): string {
  const start = body.trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return CONTENT_TYPES['.json']!;
  if (/^<!doctype html|^<html/i.test(start)) return CONTENT_TYPES['.html']!;
  if (/^<\?xml[^>]*>\s*<feed[\s>]/.test(start) || start.startsWith('<feed')) return CONTENT_TYPES['.atom']!;
  if (start.startsWith('<')) return CONTENT_TYPES['.xml']!;
  return CONTENT_TYPES['.txt']!;
}

function normalisePath(path: string): string {
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
function canonicalQuery(query: ReplayRouteInput['query'] | string): string {
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

function faultPattern(path: string): string {
  return path === '*' || path.endsWith('*') ? path : normalisePath(path);
}

function resolveFixture(file: string, fixturesDir: string): string {
  if (isAbsolute(file)) return file;
  const candidates = [resolve(fixturesDir, file), resolve(REPO_ROOT, file)];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`Replay fixture not found: ${file} (looked in ${candidates.join(', ')})`);
  return found;
}

function toHttpDate(value: Date | string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid lastModified: ${String(value)}`);
  // HTTP dates have second precision.
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

export const WAF_CHALLENGE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title></title>
<script type="text/javascript">
window.awsWafCookieDomainList = [];
window.gokuProps = {"key":"AQIDAHjcYu/GjX+QlghicBgQ/7bFaQZ+m5FKCMDnO+vTbNg96AE","iv":"CgAHazE6MwAAAAAA","context":"replayed"};
</script>
<script src="https://example.token.awswaf.com/example/challenge.js"></script>
</head>
<body>
<div id="challenge-container"></div>
<script type="text/javascript">
AwsWafIntegration.saveReferrer();
AwsWafIntegration.checkForceRefresh().then((forceRefresh) => {
  if (forceRefresh) { AwsWafIntegration.forceRefreshToken().then(() => { window.location.reload(true); }); }
  else { AwsWafIntegration.getToken().then(() => { window.location.reload(true); }); }
});
</script>
<noscript><h1>JavaScript is disabled</h1>
In order to continue, we need to verify that you're not a robot. This requires JavaScript.</noscript>
</body>
</html>
`;

const SEARCH_PAGE_HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Search Legislation</title></head>
<body><div id="layout2"><h1 class="pageTitle">Search Legislation</h1>
<p>No results were found on this page of your search.</p></div></body></html>
`;

const GENERIC_JSON =
  '{"items":[{"value":{"billId":3001,"shortTitle":"Example Bill","currentHouse":"Commons","lastUpdate":"2026-01-15T10:00:00"}}],"totalResults":1,"itemsPerPage":20}';

const GENERIC_MALFORMED_XML = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:ukm="http://www.legislation.gov.uk/namespaces/metadata">
<title>Search Results</title>
<entry><id>http://www.legislation.gov.uk/id/uksi/2026/1</id><title>The Example & Broken Regulations 2026</title>
<ukm:DocumentMainType Value="UnitedKingdomStatutoryInstrument">
</entry>
</feed`;

export async function startReplayServer(
  options: { port?: number; fixturesDir?: string } = {},
): Promise<ReplayServer> {
  const fixturesDir = options.fixturesDir ?? DEFAULT_FIXTURES_DIR;
  let routes: Route[] = [];
  let faults: Fault[] = [];
  let requests: ReplayRequest[] = [];
  let servesSearchPage = false;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const routeKey = (r: Pick<Route, 'method' | 'path' | 'queryKey'>) =>
    `${r.method} ${r.path} ${r.queryKey ?? '*'}`;

  function addRoute(input: ReplayRouteInput): void {
    const method = (input.method ?? 'GET').toUpperCase();
    let path = input.path;
    let query = input.query;
    if (query === undefined && path.includes('?')) {
      const at = path.indexOf('?');
      query = path.slice(at + 1);
      path = path.slice(0, at);
    }
    let body: Buffer;
    let contentType = input.contentType;
    if (input.bodyFile !== undefined) {
      const file = resolveFixture(input.bodyFile, fixturesDir);
      body = readFileSync(file);
      contentType ??= contentTypeForFile(file);
    } else if (input.body === undefined) {
      body = Buffer.alloc(0);
    } else if (Buffer.isBuffer(input.body)) {
      body = input.body;
      contentType ??= 'application/octet-stream';
    } else if (typeof input.body === 'string') {
      body = Buffer.from(input.body, 'utf8');
      contentType ??= sniffContentType(input.body);
    } else {
      body = Buffer.from(JSON.stringify(input.body), 'utf8');
      contentType ??= CONTENT_TYPES['.json']!;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(input.headers ?? {})) headers[k.toLowerCase()] = v;
    if (contentType && !headers['content-type']) headers['content-type'] = contentType;
    const route: Route = {
      method,
      path: normalisePath(path),
      queryKey: query === undefined ? null : canonicalQuery(query),
      status: input.status ?? 200,
      headers,
      body,
      delayMs: input.delayMs ?? 0,
      remaining: input.times ?? Infinity,
      lastModified: input.lastModified === undefined ? null : toHttpDate(input.lastModified),
      etag: input.etag ?? null,
    };
    const key = routeKey(route);
    routes = routes.filter((r) => routeKey(r) !== key);
    routes.push(route);
  }

  function findRoute(method: string, path: string, queryKey: string): Route | undefined {
    const methods = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
    for (const m of methods) {
      const exact = routes.find((r) => r.method === m && r.path === path && r.queryKey === queryKey);
      if (exact) return exact;
    }
    for (const m of methods) {
      const loose = routes.find((r) => r.method === m && r.path === path && r.queryKey === null);
      if (loose) return loose;
    }
    return undefined;
  }

  function findFault(method: string, path: string, queryKey: string): Fault | undefined {
    return faults.find((f) => {
      if (f.remaining <= 0) return false;
      if (f.method && f.method !== method && !(f.method === 'GET' && method === 'HEAD')) return false;
      if (f.queryKey !== null && f.queryKey !== queryKey) return false;
      if (f.pattern === '*') return true;
      if (f.pattern.endsWith('*')) return path.startsWith(f.pattern.slice(0, -1));
      return f.pattern === path;
    });
  }

  function send(
    res: ServerResponse,
    record: ReplayRequest,
    status: number,
    headers: Record<string, string>,
    body: string | Buffer,
  ): void {
    const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    res.writeHead(status, { ...headers, 'content-length': String(payload.length) });
    res.end(status === 304 ? undefined : payload);
    record.status = status;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolveSleep) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolveSleep();
      }, ms);
      timers.add(timer);
    });
  }

  function applyFault(
    fault: Fault,
    route: Route | undefined,
    req: IncomingMessage,
    res: ServerResponse,
    record: ReplayRequest,
  ) {
    const json = { 'content-type': CONTENT_TYPES['.json']! };
    switch (fault.kind) {
      case 'status500':
        return send(
          res,
          record,
          500,
          { 'content-type': 'application/problem+json; charset=utf-8' },
          JSON.stringify({ status: 500, title: 'Internal Server Error' }),
        );
      case 'status503':
        return send(
          res,
          record,
          503,
          { 'content-type': 'text/html; charset=utf-8', 'retry-after': String(fault.retryAfterSeconds) },
          '<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>',
        );
      case 'forbidden403':
        return send(
          res,
          record,
          403,
          { 'content-type': 'text/html; charset=utf-8' },
          '<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>Request rate exceeded.</p></body></html>',
        );
      case 'timeout':
        // Never answer. close() destroys the socket.
        return;
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'html200':
        return send(res, record, 200, { 'content-type': 'text/html; charset=UTF-8' }, WAF_CHALLENGE_HTML);
      case 'redirect307': {
        // Same body as legislation.gov.uk sends when a search is paged past its end.
        const location = fault.location ?? `/search${record.search}`;
        servesSearchPage = true;
        const href = location.replace(/&/g, '&amp;');
        const html =
          '\n<!DOCTYPE html\n  PUBLIC "-//W3C//DTD XHTML+RDFa 1.0//EN" "http://www.w3.org/MarkUp/DTD/xhtml-rdfa-1.dtd">\n' +
          '<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" />' +
          `<title>307 Redirection</title></head><body><h1>307 Redirection</h1><p><a href="${href}">${href}</a></p></body></html>`;
        return send(res, record, 307, { 'content-type': 'text/html; charset=utf-8', location }, html);
      }
      case 'rateLimited':
        return send(
          res,
          record,
          429,
          { 'content-type': 'text/plain; charset=utf-8', 'retry-after': String(fault.retryAfterSeconds) },
          'Too Many Requests',
        );
      case 'truncatedJson': {
        const source =
          route && /json/.test(route.headers['content-type'] ?? '') && route.body.length > 1
            ? route.body.toString('utf8')
            : GENERIC_JSON;
        return send(res, record, 200, json, source.slice(0, Math.floor(source.length / 2)));
      }
      case 'malformedXml': {
        const routeType = route?.headers['content-type'] ?? '';
        const type = /xml/.test(routeType) ? routeType : CONTENT_TYPES['.xml']!;
        const body =
          route && /xml/.test(routeType) && route.body.length > 1
            ? route.body.toString('utf8').slice(0, Math.floor(route.body.length / 2))
            : GENERIC_MALFORMED_XML;
        return send(res, record, 200, { 'content-type': type }, body);
      }
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = normalisePath(parsed.pathname);
    const record: ReplayRequest = {
      method,
      path,
      query: queryRecord(parsed.searchParams),
      search: parsed.search,
      headers: req.headers,
      body: raw.toString('utf8'),
      at: new Date(),
      matched: false,
    };
    requests.push(record);

    const queryKey = canonicalQuery(parsed.search);
    const route = findRoute(method, path, queryKey);
    const fault = findFault(method, path, queryKey);
    if (fault) {
      fault.remaining--;
      record.fault = fault.kind;
      record.matched = route !== undefined;
      applyFault(fault, route, req, res, record);
      return;
    }

    if (!route) {
      if (servesSearchPage && path === '/search' && (method === 'GET' || method === 'HEAD')) {
        record.matched = true;
        send(res, record, 200, { 'content-type': 'text/html; charset=utf-8' }, SEARCH_PAGE_HTML);
        return;
      }
      send(
        res,
        record,
        404,
        { 'content-type': 'application/problem+json; charset=utf-8' },
        JSON.stringify({
          type: 'about:blank',
          status: 404,
          title: 'Not Found',
          detail: `No replay route for ${method} ${path}${parsed.search}`,
        }),
      );
      return;
    }

    record.matched = true;
    route.remaining--;
    if (route.remaining <= 0) routes = routes.filter((r) => r !== route);
    if (route.delayMs > 0) await sleep(route.delayMs);
    if (closed || res.destroyed) return;

    const headers = { ...route.headers };
    if (route.lastModified) headers['last-modified'] = route.lastModified.toUTCString();
    if (route.etag) headers['etag'] = route.etag;
    const ifNoneMatch = req.headers['if-none-match'];
    const ifModifiedSince = req.headers['if-modified-since'];
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
    if (notModified && route.status === 200) {
      delete headers['content-type'];
      send(res, record, 304, headers, Buffer.alloc(0));
      return;
    }
    send(res, record, route.status, headers, route.body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('replay server failed');
      }
    });
  });
  const tracker = new SocketTracker(server);
  const port = await listenOnLoopback(server, options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    route: addRoute,
    loadFixtureMap(map) {
      for (const [key, spec] of Object.entries(map)) {
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
        const options = typeof spec === 'string' ? { bodyFile: spec } : spec;
        addRoute({ ...options, method, path, ...(query === undefined ? {} : { query }) });
      }
    },
    fault(target, kind, opts) {
      const o: FaultOptions = typeof opts === 'number' ? { times: opts } : (opts ?? {});
      const at = target.indexOf('?');
      const path = at === -1 ? target : target.slice(0, at);
      faults.push({
        pattern: faultPattern(path),
        queryKey: at === -1 ? null : canonicalQuery(target.slice(at + 1)),
        kind,
        method: o.method ? o.method.toUpperCase() : null,
        remaining: o.times ?? Infinity,
        retryAfterSeconds: o.retryAfterSeconds ?? 1,
        location: o.location ?? null,
      });
    },
    clearFaults(path) {
      if (path === undefined) faults = [];
      else {
        const at = path.indexOf('?');
        const pattern = faultPattern(at === -1 ? path : path.slice(0, at));
        faults = faults.filter((f) => f.pattern !== pattern);
      }
    },
    get requests() {
      return requests;
    },
    requestsTo(path, method) {
      const wanted = normalisePath(path);
      return requests.filter((r) => r.path === wanted && (!method || r.method === method.toUpperCase()));
    },
    clearRequests() {
      requests = [];
    },
    reset() {
      routes = [];
      faults = [];
      requests = [];
      servesSearchPage = false;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await closeServer(server, tracker);
    },
  };
}
