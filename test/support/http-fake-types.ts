/** What a test gives the HTTP fake and what it records. */
import type { IncomingHttpHeaders } from 'node:http';

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
