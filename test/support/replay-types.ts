/** The replay server's routes, faults and recorded requests. */
import type { IncomingHttpHeaders } from 'node:http';

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

export interface Route {
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

export interface Fault {
  pattern: string;
  /** Canonical query the request must have, or null for any. */
  queryKey: string | null;
  kind: FaultKind;
  method: string | null;
  remaining: number;
  retryAfterSeconds: number;
  location: string | null;
}
