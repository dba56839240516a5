/**
 * The one way the client talks to the API.
 *
 * - JSON request and response bodies.
 * - `credentials: 'include'`: the session is an HttpOnly cookie set by the server.
 * - `Authorization: Bearer <token>` when `localStorage['auth-token']` exists, for compatibility
 *   with clients that kept the token there; the cookie remains the credential.
 * - `Accept-Language` is the interface language, so the server's error messages come in it.
 * - Any non-2xx answer raises `ApiError` whose message is `"<status>: <body text or status text>"`.
 */
import type { ErrorBody } from '#shared/schemas/common';
import { STORAGE_KEYS, readStorage } from './storage';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The parsed JSON body, when the answer had one. */
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }

  /** The `{ error: { code } }` of the body, when present. */
  get code(): string | undefined {
    return isErrorBody(this.body) ? this.body.error.code : undefined;
  }

  /** The `{ error: { message } }` of the body, when present. */
  get serverMessage(): string | undefined {
    if (isErrorBody(this.body)) return this.body.error.message;
    // older answers: `{ error: "text" }` or `{ message: "text" }`
    if (isRecord(this.body)) {
      if (typeof this.body.error === 'string' && this.body.error !== '') return this.body.error;
      if (typeof this.body.message === 'string' && this.body.message !== '') return this.body.message;
    }
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (!isRecord(value) || !isRecord(value.error)) return false;
  return typeof value.error.code === 'string' && typeof value.error.message === 'string';
}

/** Formats the message of an `ApiError`: `"<status>: <body text or status text>"`. */
export function formatApiErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/**
 * Whether a call failed before any answer came (offline, the server down, the connection cut):
 * `fetch` rejects with a TypeError then, where an answer with an error status raises `ApiError`.
 */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) && error instanceof TypeError;
}

/** The message to show for a failed call: the server's own message when it sent one, else `fallback`. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads the body once; raises `ApiError` for any non-2xx answer. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  let text = '';
  try {
    text = await response.text();
  } catch {
    // body unreadable: fall back to the status text
  }
  throw new ApiError(
    response.status,
    formatApiErrorMessage(response.status, text, response.statusText),
    parseJson(text),
  );
}

export function buildHeaders(hasBody: boolean, extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (hasBody && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const token = readStorage(STORAGE_KEYS.authToken);
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  // the interface language (the page's lang), so that the server's messages come in it
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language && !headers.has('Accept-Language')) headers.set('Accept-Language', language);
  return headers;
}

export interface RequestOptions {
  headers?: HeadersInit;
  signal?: AbortSignal;
}

/** POST, PUT and PATCH always carry a JSON body (`{}` when there is nothing to send), so every state-changing call is a JSON request. */
export function requestBody(method: HttpMethod, body: unknown): unknown {
  if (body !== undefined) return body;
  return method === 'POST' || method === 'PUT' || method === 'PATCH' ? {} : undefined;
}

/**
 * Sends a request with an optional JSON body and returns the parsed JSON answer
 * (`undefined` for an empty answer such as 204).
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const payload = requestBody(method, body);
  const hasBody = payload !== undefined;
  const response = await fetch(url, {
    method,
    headers: buildHeaders(hasBody, options.headers),
    body: hasBody ? JSON.stringify(payload) : undefined,
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfNotOk(response);
  return parseJson(await response.text()) as T;
}

export type On401 = 'returnNull' | 'throw';

/** GET a JSON resource. With `on401: 'returnNull'` a 401 answers `null` instead of raising. */
export async function getJson<T>(
  url: string,
  options: RequestOptions & { on401: 'returnNull' },
): Promise<T | null>;
export async function getJson<T>(url: string, options?: RequestOptions & { on401?: 'throw' }): Promise<T>;
export async function getJson<T>(
  url: string,
  options: RequestOptions & { on401?: On401 } = {},
): Promise<T | null> {
  const response = await fetch(url, {
    method: 'GET',
    headers: buildHeaders(false, options.headers),
    credentials: 'include',
    signal: options.signal,
  });
  if (options.on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return parseJson(await response.text()) as T;
}
