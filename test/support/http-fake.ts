/**
 * A small programmable HTTP server on 127.0.0.1 for tests: register handlers per method and path, inspect
 * the requests that arrived (with parsed bodies), make the next requests fail. The loopback helpers the
 * other fakes share live in ./loopback.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FakeHandler, FakeRequest, FakeResponse, HttpFake } from './http-fake-types';
import { compilePath, failureResponse, sendResponse } from './http-fake-responses';
import { SocketTracker, closeServer, listenOnLoopback, parseBody, queryRecord, readBody } from './loopback';

export type { FakeHandler, FakeRequest, FakeResponse, HttpFake } from './http-fake-types';
export { SocketTracker, closeServer, listenOnLoopback, parseBody, queryRecord, readBody } from './loopback';

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
