/** Path matching and answers of the HTTP fake. */
import http, { type ServerResponse } from 'node:http';
import type { FakeResponse } from './http-fake-types';

export function compilePath(path: string | RegExp): (path: string) => Record<string, string> | null {
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

export function sendResponse(res: ServerResponse, response: FakeResponse): number {
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

export function failureResponse(status: number, response: Omit<FakeResponse, 'status'>): FakeResponse {
  const hasBody = response.json !== undefined || response.text !== undefined || response.body !== undefined;
  if (hasBody) return { ...response, status };
  return { ...response, status, json: { status, title: http.STATUS_CODES[status] ?? 'Error' } };
}
