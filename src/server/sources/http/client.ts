/**
 * One HTTP client per upstream source: identifying User-Agent, pacing shared by every caller
 * of the client, per-request timeout, retry with capped exponential back-off and jitter,
 * long back-off on 403/429, and classification of every failure as an UpstreamError.
 */
import type { z } from 'zod';
import { UpstreamError, type UpstreamErrorDetails, type UpstreamErrorKind } from './errors';
import { looksLikeHtml } from './content';
import { toHttpsLegislationUrl } from './urls';
import { parseXmlDocument, type XmlNode } from './xml';

export type FetchImpl = (input: string, init: RequestInit) => Promise<Response>;

export interface UpstreamLogger {
  warn(obj: object, msg: string): void;
}

export interface UpstreamClientOptions {
  name: string;
  baseUrl: string;
  userAgent: string;
  /** minimum time between the starts of two requests of this client */
  minIntervalMs: number;
  timeoutMs: number;
  /** retries after the first attempt */
  maxRetries: number;
  /** wait after a 403/429 without Retry-After (default 5 minutes) */
  rateLimitBackoffMs?: number;
  /** a Retry-After longer than this fails at once as rate_limited (default 15 minutes) */
  maxRetryAfterMs?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  maxRedirects?: number;
  /**
   * The base URL the upstream writes in its own links (e.g. https://www.legislation.gov.uk).
   * Absolute URLs under it (redirects, next links) are re-based onto baseUrl, so a client
   * pointed at a replay server stays on it.
   */
  canonicalBaseUrl?: string;
  /** sent with every request (e.g. an API key header, which then never appears in a logged URL) */
  headers?: Record<string, string>;
  fetchImpl?: FetchImpl;
  logger?: UpstreamLogger;
}

export interface RequestOptions {
  accept?: string;
  signal?: AbortSignal;
}

export interface TextResponse {
  url: string;
  status: number;
  contentType: string;
  text: string;
}

export interface XmlResponse {
  url: string;
  data: XmlNode;
  raw: string;
}

export interface UpstreamClient {
  readonly name: string;
  readonly baseUrl: string;
  /** absolute URL for a path relative to the base URL */
  urlFor(path: string): string;
  getText(path: string, options?: RequestOptions): Promise<TextResponse>;
  getJson<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  getXml(path: string, options?: RequestOptions): Promise<XmlResponse>;
}

const DEFAULT_RATE_LIMIT_BACKOFF_MS = 5 * 60_000;
const RETRYABLE_STATUSES = new Set([408, 425, 437, 500, 502, 503, 504]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A redirect to the HTML search page is what legislation.gov.uk sends past the last page. */
function isHtmlSearchPage(location: URL): boolean {
  return /^\/search(\/|$)/.test(location.pathname) && !/\/data\.[a-z]+$/.test(location.pathname);
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const fetchImpl: FetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const base = options.baseUrl.replace(/\/+$/, '');
  const rateLimitBackoffMs = options.rateLimitBackoffMs ?? DEFAULT_RATE_LIMIT_BACKOFF_MS;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 15 * 60_000;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
  const retryMaxDelayMs = options.retryMaxDelayMs ?? 30_000;
  const maxRedirects = options.maxRedirects ?? 5;
  let nextSlotAt = 0;
  const fail = (kind: UpstreamErrorKind, url: string, message: string, details?: UpstreamErrorDetails) =>
    new UpstreamError(kind, url, `${options.name}: ${message}`, details);

  /** Reserves the next request slot synchronously, so concurrent callers queue in order. */
  async function waitForSlot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, nextSlotAt);
    nextSlotAt = at + options.minIntervalMs;
    if (at > now) await sleep(at - now);
  }

  function holdAllRequests(ms: number): void {
    nextSlotAt = Math.max(nextSlotAt, Date.now() + ms);
  }

  const canonical = options.canonicalBaseUrl?.replace(/\/+$/, '');

  /** https for legislation.gov.uk links, and links under the canonical base moved onto baseUrl */
  function rebase(url: string): string {
    const secure = toHttpsLegislationUrl(url);
    if (!canonical || canonical === base || !secure.startsWith(canonical)) return secure;
    const rest = secure.slice(canonical.length);
    return rest === '' || /^[/?#]/.test(rest) ? `${base}${rest}` : secure;
  }

  function urlFor(path: string): string {
    if (/^https?:\/\//i.test(path)) return rebase(path);
    if (path.startsWith('?')) return `${base}${path}`; // a query on the base URL itself (SPARQL)
    return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  function backoffDelay(attempt: number): number {
    const capped = Math.min(retryMaxDelayMs, retryBaseDelayMs * 2 ** (attempt - 1));
    return capped / 2 + Math.random() * (capped / 2);
  }

  /** One attempt: paced request, manual redirects, whole body read within the timeout. */
  async function attempt(url: string, request: RequestOptions): Promise<TextResponse> {
    await waitForSlot();
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    let current = url;
    try {
      for (let hop = 0; ; hop += 1) {
        const response = await fetchImpl(current, {
          method: 'GET',
          redirect: 'manual',
          signal,
          headers: { ...options.headers, 'user-agent': options.userAgent, accept: request.accept ?? '*/*' },
        });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          const target = new URL(rebase(new URL(location, current).toString()));
          await response.body?.cancel();
          if (isHtmlSearchPage(target)) {
            const message = `${current} redirects to the search page ${target.pathname} (past the last page)`;
            throw fail('past_last_page', current, message, { status: response.status });
          }
          if (hop >= maxRedirects) {
            throw fail('http_status', current, `too many redirects from ${url}`, { status: response.status });
          }
          current = target.toString();
          continue;
        }
        const text = await response.text();
        return {
          url: current,
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          text: statusCheck(response, current, text),
        };
      }
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      if (timeout.aborted) {
        const message = `no complete response from ${current} within ${options.timeoutMs} ms`;
        throw fail('timeout', current, message, { retryable: true, cause: error });
      }
      if (request.signal?.aborted) throw error;
      const message = `request to ${current} failed: ${(error as Error).message}`;
      throw fail('network', current, message, { retryable: true, cause: error });
    }
  }

  function statusCheck(response: Response, url: string, text: string): string {
    const { status } = response;
    if (status >= 200 && status < 300) {
      if (looksLikeHtml(text, response.headers.get('content-type') ?? '')) {
        const message = `${url} answered ${status} with an HTML page instead of data`;
        throw fail('html_instead_of_data', url, message, { status, retryable: true });
      }
      return text;
    }
    if (status === 403 || status === 429) {
      const asked = parseRetryAfter(response.headers.get('retry-after'));
      const wait = asked ?? rateLimitBackoffMs;
      holdAllRequests(Math.min(wait, maxRetryAfterMs));
      const message = `${url} answered ${status}; waiting ${wait} ms before the next request`;
      throw fail('rate_limited', url, message, { status, retryable: true, retryAfterMs: wait });
    }
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    throw fail('http_status', url, `${url} answered ${status}: ${text.slice(0, 200)}`, {
      status,
      retryable: RETRYABLE_STATUSES.has(status),
      retryAfterMs: retryAfter,
    });
  }

  async function getText(path: string, request: RequestOptions = {}): Promise<TextResponse> {
    const url = urlFor(path);
    for (let attemptNo = 1; ; attemptNo += 1) {
      try {
        return await attempt(url, request);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        error.attempts = attemptNo;
        const tooLong = error.kind === 'rate_limited' && (error.retryAfterMs ?? 0) > maxRetryAfterMs;
        if (!error.retryable || attemptNo > options.maxRetries || tooLong) throw error;
        // rate limits already hold the whole client; other failures back off per request
        const delay =
          error.kind === 'rate_limited' ? 0 : Math.max(backoffDelay(attemptNo), error.retryAfterMs ?? 0);
        const { kind, status } = error;
        const context = {
          source: options.name,
          url,
          kind,
          status,
          attempt: attemptNo,
          delayMs: Math.round(delay),
        };
        options.logger?.warn(context, 'upstream request failed; retrying');
        if (delay > 0) await sleep(delay);
      }
    }
  }

  async function getJson<S extends z.ZodType>(
    path: string,
    schema: S,
    request: RequestOptions = {},
  ): Promise<z.output<S>> {
    const response = await getText(path, { accept: 'application/json', ...request });
    let body: unknown;
    try {
      // some upstreams send JSON as application/octet-stream or text/plain: parse regardless
      body = JSON.parse(response.text.replace(/^\uFEFF/, ''));
    } catch (cause) {
      const message = `${response.url} did not return valid JSON`;
      throw fail('invalid_json', response.url, message, { status: response.status, cause });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      const message = `unexpected response shape from ${response.url}: ${issues.join('; ')}`;
      throw fail('schema_mismatch', response.url, message, { status: response.status, cause: parsed.error });
    }
    return parsed.data;
  }

  async function getXml(path: string, request: RequestOptions = {}): Promise<XmlResponse> {
    const response = await getText(path, {
      accept: 'application/atom+xml, application/xml;q=0.9, */*;q=0.1',
      ...request,
    });
    return { url: response.url, raw: response.text, data: parseXmlDocument(response.text, response.url) };
  }

  return { name: options.name, baseUrl: base, urlFor, getText, getJson, getXml };
}
