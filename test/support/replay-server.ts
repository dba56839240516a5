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
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { SocketTracker, closeServer, listenOnLoopback, queryRecord, readBody } from './loopback';
import {
  CONTENT_TYPES,
  DEFAULT_FIXTURES_DIR,
  canonicalQuery,
  contentTypeForFile,
  faultPattern,
  isNotModified,
  normalisePath,
  parseFixtureKey,
  resolveFixture,
  sniffContentType,
  toHttpDate,
} from './replay-content';
import { SEARCH_PAGE_HTML, applyFault, send } from './replay-faults';
import type {
  Fault,
  FaultOptions,
  ReplayRequest,
  ReplayRouteInput,
  ReplayServer,
  Route,
} from './replay-types';

export { DEFAULT_FIXTURES_DIR } from './replay-content';
export { WAF_CHALLENGE_HTML } from './replay-faults';
export type {
  FaultKind,
  FaultOptions,
  FixtureSpec,
  ReplayRequest,
  ReplayRouteInput,
  ReplayServer,
} from './replay-types';

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

  function sleep(ms: number): Promise<void> {
    return new Promise((resolveSleep) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolveSleep();
      }, ms);
      timers.add(timer);
    });
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
      applyFault(fault, route, req, res, record, () => (servesSearchPage = true));
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
    const notModified = isNotModified(route, req.headers);
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
        const { method, path, query } = parseFixtureKey(key);
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
