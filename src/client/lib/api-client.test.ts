import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorMessage, apiRequest, formatApiErrorMessage, getJson } from './api-client';

function respond(status: number, body: string, statusText = '') {
  return vi.fn(async () => new Response(body === '' ? null : body, { status, statusText }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiError message', () => {
  it('is "<status>: <body text or status text>"', () => {
    expect(formatApiErrorMessage(404, 'Not here', 'Not Found')).toBe('404: Not here');
    expect(formatApiErrorMessage(500, '', 'Internal Server Error')).toBe('500: Internal Server Error');
  });

  it('carries the status and the parsed error body', async () => {
    const body = JSON.stringify({
      error: { code: 'rate_limited', message: 'Too many attempts. Try again in 10 minutes.' },
    });
    vi.stubGlobal('fetch', respond(429, body, 'Too Many Requests'));
    const error = await apiRequest('POST', '/api/auth/login', { email: 'a@b.co', password: 'x' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`429: ${body}`);
    expect(apiError.status).toBe(429);
    expect(apiError.code).toBe('rate_limited');
    expect(apiErrorMessage(apiError, 'Login failed')).toBe('Too many attempts. Try again in 10 minutes.');
  });

  it('uses the status text when the body is empty, and the fallback for the user', async () => {
    vi.stubGlobal('fetch', respond(502, '', 'Bad Gateway'));
    const error = (await getJson('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.body).toBeUndefined();
    expect(apiErrorMessage(error, 'Login failed')).toBe('Login failed');
    expect(apiErrorMessage(new TypeError('Failed to fetch'), 'Login failed')).toBe('Login failed');
  });
});

describe('requests', () => {
  it('sends JSON with credentials and no bearer token when none is stored', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/api/thing', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/thing');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    const headers = new Headers(init.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('adds the stored bearer token', async () => {
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'auth-token' ? 'tok123' : null) });
    vi.stubGlobal('window', { localStorage: globalThis.localStorage });
    const fetchMock = respond(204, '');
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('DELETE', '/api/thing/1')).resolves.toBeUndefined();
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok123');
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('sends an empty JSON object for a POST without a body', async () => {
    const fetchMock = respond(200, '{"message":"Logged out"}');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/auth/logout');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe('{}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('answers null for a 401 only when asked to', async () => {
    vi.stubGlobal(
      'fetch',
      respond(401, '{"error":{"code":"unauthenticated","message":"Sign in"}}', 'Unauthorized'),
    );
    await expect(getJson('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
    await expect(getJson('/api/auth/user', { on401: 'throw' })).rejects.toMatchObject({ status: 401 });
  });
});
