import { apiRequest, getJson, type HttpMethod } from '#client/lib/api-client';
import { csrfHeaders } from './csrf';

/** GET an administrator resource (the admin session cookie goes with it). */
export function adminGet<T>(url: string, signal?: AbortSignal): Promise<T> {
  return getJson<T>(url, { signal });
}

/** A state-changing administrator call: always carries the CSRF header. */
export function adminSend<T>(method: Exclude<HttpMethod, 'GET'>, url: string, body?: unknown): Promise<T> {
  return apiRequest<T>(method, url, body, { headers: csrfHeaders() });
}

/** `?a=1&b=x` from the defined values of an object. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
