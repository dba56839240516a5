/**
 * A small programmable HTTP server on 127.0.0.1 for tests: register handlers per method and path, inspect
 * the requests that arrived (with parsed bodies), make the next requests fail. Also exports the loopback
 * helpers (listen, socket tracking, clean close) that the other fakes share.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';

// ---------------------------------------------------------------------------------------------------------
// Shared loopback helpers
// ---------------------------------------------------------------------------------------------------------

/** Keeps every open socket of a server so that close() can end them instead of waiting for clients. */
export class SocketTracker {
  readonly sockets = new Set<Socket>();

  constructor(server: NetServer) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  destroyAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
}

/** Listens on 127.0.0.1 (port 0 = any free port) and resolves with the port actually bound. */
export function listenOnLoopback(server: NetServer, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops listening, ends every open connection and resolves once the server has fully closed. */
export function closeServer(server: NetServer, tracker: SocketTracker): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      tracker.destroyAll();
      resolve();
      return;
    }
    server.close(() => resolve());
    if (server instanceof http.Server) server.closeAllConnections();
    tracker.destroyAll();
  });
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Last value wins for repeated keys. */
export function queryRecord(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) out[key] = value;
  return out;
}

/** Parses a request body by its content type: JSON, form-urlencoded (repeated keys become arrays) or text. */
export function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    const out: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const existing = out[key];
      if (existing === undefined) out[key] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else out[key] = [existing, value];
    }
    return out;
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------------
// The HTTP fake
// ---------------------------------------------------------------------------------------------------------

export interface FakeRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  /** The raw query string including '?', or ''. */
  search: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Parsed body: an object for JSON and form-urlencoded bodies, a string otherwise, undefined when empty. */
  body: unknown;
  /** Named groups of a RegExp path, or `:name` segments of a string path. */
  params: Record<string, string>;
  at: Date;
  /** Status code that was answered (set once the response has been sent). */
  status?: number;
}

export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  /** Raw body, sent as is (set the content-type header yourself). */
  body?: string | Buffer;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer; the connection stays open until the client gives up or the fake closes. */
  hang?: boolean;
  /** Reset the connection instead of answering. */
  reset?: boolean;
}

export type FakeHandler = (req: FakeRequest, body: unknown) => FakeResponse | Promise<FakeResponse>;

export interface HttpFake {
  readonly url: string;
  readonly port: number;
  /** Adds a handler. Later handlers win over earlier ones for the same request. Returns a remover. */
  on(method: string, path: string | RegExp, handler: FakeHandler): () => void;
  readonly requests: readonly FakeRequest[];
  /** Errors thrown by handlers (each was answered with a 500). */
  readonly errors: readonly Error[];
  requestsTo(method: string, path: string | RegExp): FakeRequest[];
  /** Resolves with the first recorded request (past or future) that satisfies the predicate. */
  waitForRequest(predicate: (req: FakeRequest) => boolean, timeoutMs?: number): Promise<FakeRequest>;
  /** The next `count` requests get `status` (and the optional response) without reaching a handler. */
  failNext(count: number, status?: number, response?: Omit<FakeResponse, 'status'>): void;
  /** Every request gets `status` until called with `false`. */
  failAll(status: number | false, response?: Omit<FakeResponse, 'status'>): void;
  clearRequests(): void;
  /** Removes handlers, fail modes and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

interface Waiter {
  predicate: (r: FakeRequest) => boolean;
  resolve: (r: FakeRequest) => void;
  reject: (err: Error) => void;
}

interface Route {
  method: string;
  match: (path: string) => Record<string, string> | null;
  handler: FakeHandler;
}

function compilePath(path: string | RegExp): (path: string) => Record<string, string> | null {
  if (path instanceof RegExp) {
    return (candidate) => {
      path.lastIndex = 0;
      const m = path.exec(candidate);
      if (!m) return null;
      return { ...(m.groups ?? {}) };
    };
  }
  if (!path.includes('/:')) return (candidate) => (candidate === path ? {} : null);
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      const param = /^:(\w+)(.*)$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return `([^/]+?)${param[2]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('/');
  const re = new RegExp(`^${source}$`);
  return (candidate) => {
    const m = re.exec(candidate);
    if (!m) return null;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
    return params;
  };
}

function sendResponse(res: ServerResponse, response: FakeResponse): number {
  const status = response.status ?? 200;
  const headers: Record<string, string> = { ...(response.headers ?? {}) };
  const hasType = Object.keys(headers).some((h) => h.toLowerCase() === 'content-type');
  let body: string | Buffer = '';
  if (response.json !== undefined) {
    body = JSON.stringify(response.json);
    if (!hasType) headers['content-type'] = 'application/json; charset=utf-8';
  } else if (response.text !== undefined) {
    body = response.text;
    if (!hasType) headers['content-type'] = 'text/plain; charset=utf-8';
  } else if (response.body !== undefined) {
    body = response.body;
  }
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(body);
  return status;
}

function failureResponse(status: number, response: Omit<FakeResponse, 'status'>): FakeResponse {
  const hasBody = response.json !== undefined || response.text !== undefined || response.body !== undefined;
  if (hasBody) return { ...response, status };
  return { ...response, status, json: { status, title: http.STATUS_CODES[status] ?? 'Error' } };
}

export async function startHttpFake(options: { port?: number } = {}): Promise<HttpFake> {
  let routes: Route[] = [];
  let requests: FakeRequest[] = [];
  const errors: Error[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const waiters = new Set<Waiter>();
  let failCount = 0;
  let failResponse: FakeResponse = {};
  let failAlways: FakeResponse | null = null;
  let closed = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record: FakeRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: queryRecord(url.searchParams),
      search: url.search,
      headers: req.headers,
      rawBody: raw.toString('utf8'),
      body: parseBody(raw, req.headers['content-type']),
      params: {},
      at: new Date(),
    };
    requests.push(record);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(record)) {
        waiters.delete(waiter);
        waiter.resolve(record);
      }
    }

    let response: FakeResponse;
    if (failAlways) {
      response = failAlways;
    } else if (failCount > 0) {
      failCount--;
      response = failResponse;
    } else {
      let found: { route: Route; params: Record<string, string> } | null = null;
      for (let i = routes.length - 1; i >= 0 && !found; i--) {
        const route = routes[i]!;
        if (route.method !== '*' && route.method !== record.method) continue;
        const params = route.match(record.path);
        if (params) found = { route, params };
      }
      if (!found) {
        response = {
          status: 404,
          json: { status: 404, title: 'Not Found', detail: `No handler for ${record.method} ${record.path}` },
        };
      } else {
        record.params = found.params;
        try {
          response = await found.route.handler(record, record.body);
        } catch (err) {
          const error = err instanceof Error ? err : new Error(String(err));
          errors.push(error);
          response = { status: 500, json: { status: 500, title: 'Handler error', detail: error.message } };
        }
      }
    }

    if (response.delayMs) await sleep(response.delayMs);
    if (closed || res.destroyed) return;
    if (response.reset) {
      req.socket.resetAndDestroy();
      return;
    }
    if (response.hang) return;
    record.status = sendResponse(res, response);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      errors.push(err instanceof Error ? err : new Error(String(err)));
      if (!res.headersSent && !res.destroyed) sendResponse(res, { status: 500, text: 'fake failed' });
    });
  });
  const tracker = new SocketTracker(server);
  const port = await listenOnLoopback(server, options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    on(method, path, handler) {
      const route: Route = { method: method.toUpperCase(), match: compilePath(path), handler };
      routes.push(route);
      return () => {
        routes = routes.filter((r) => r !== route);
      };
    },
    get requests() {
      return requests;
    },
    get errors() {
      return errors;
    },
    requestsTo(method, path) {
      const match = compilePath(path);
      const wanted = method.toUpperCase();
      return requests.filter((r) => (wanted === '*' || r.method === wanted) && match(r.path) !== null);
    },
    waitForRequest(predicate, timeoutMs = 5000) {
      const existing = requests.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise<FakeRequest>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
          reject: (err) => {
            clearTimeout(timer);
            reject(err);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = requests.map((r) => `${r.method} ${r.path}${r.search}`).join(', ') || 'none';
          reject(new Error(`No matching request within ${timeoutMs} ms (requests seen: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    failNext(count, status = 500, response = {}) {
      failCount = count;
      failResponse = failureResponse(status, response);
    },
    failAll(status, response = {}) {
      failAlways = status === false ? null : failureResponse(status, response);
    },
    clearRequests() {
      requests = [];
    },
    reset() {
      routes = [];
      requests = [];
      errors.length = 0;
      failCount = 0;
      failAlways = null;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const waiter of waiters) waiter.reject(new Error('HTTP fake closed'));
      waiters.clear();
      await closeServer(server, tracker);
    },
  };
}
