import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createUpstreamClient,
  parseRetryAfter,
  toHttpsUrl,
  UpstreamError,
  type UpstreamClientOptions,
} from './index';

type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

const routes = new Map<string, Handler>();
const hits = new Map<string, number[]>();
const agents: string[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const times = hits.get(path) ?? [];
    times.push(Date.now());
    hits.set(path, times);
    agents.push(String(req.headers['user-agent']));
    const handler = routes.get(path);
    if (handler) handler(req, res, times.length);
    else res.writeHead(404, { 'content-type': 'application/problem+json' }).end('{"status":404}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  routes.clear();
  hits.clear();
  agents.length = 0;
});

function client(overrides: Partial<UpstreamClientOptions> = {}) {
  return createUpstreamClient({
    name: 'test-upstream',
    baseUrl,
    userAgent: 'Lexwatch/1.0 (+https://lexwatch.example; ops@lexwatch.example)',
    minIntervalMs: 0,
    timeoutMs: 1000,
    maxRetries: 2,
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 20,
    rateLimitBackoffMs: 50,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

const json = (res: ServerResponse, body: string, type = 'application/json') =>
  res.writeHead(200, { 'content-type': type }).end(body);

const itemSchema = z.object({ billId: z.number() });

describe('createUpstreamClient', () => {
  it('retries a 500 and returns the next success, sending the identifying User-Agent', async () => {
    routes.set('/bill', (_req, res, hit) =>
      hit === 1 ? res.writeHead(500).end('boom') : json(res, '{"billId":2818}'),
    );
    await expect(client().getJson('/bill', itemSchema)).resolves.toEqual({ billId: 2818 });
    expect(hits.get('/bill')).toHaveLength(2);
    expect(agents[0]).toBe('Lexwatch/1.0 (+https://lexwatch.example; ops@lexwatch.example)');
  });

  it('gives up after maxRetries with a retryable http_status error', async () => {
    routes.set('/down', (_req, res) => res.writeHead(503).end('unavailable'));
    const error = await failure(client({ maxRetries: 1 }).getText('/down'));
    expect(error).toMatchObject({ kind: 'http_status', status: 503, retryable: true, attempts: 2 });
    expect(error.url).toBe(`${baseUrl}/down`);
  });

  it('does not retry a 404', async () => {
    const error = await failure(client().getText('/missing'));
    expect(error).toMatchObject({ kind: 'http_status', status: 404, retryable: false, attempts: 1 });
  });

  it('times out a response that takes too long', async () => {
    routes.set('/slow', (_req, res) => {
      const timer = setTimeout(() => json(res, '{"billId":1}'), 500);
      res.on('close', () => clearTimeout(timer));
    });
    const error = await failure(client({ timeoutMs: 60, maxRetries: 1 }).getJson('/slow', itemSchema));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true, attempts: 2 });
  });

  it('reports a network error when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 }).getText('/'));
    expect(error).toMatchObject({ kind: 'network', retryable: true, attempts: 1 });
  });

  it('treats a 200 HTML challenge page as html_instead_of_data', async () => {
    routes.set('/feed', (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<!DOCTYPE html><html><script>window.awsWafCookieDomainList = [];</script><div id="challenge-container"></div></html>',
        ),
    );
    const error = await failure(client({ maxRetries: 1 }).getXml('/feed'));
    expect(error).toMatchObject({ kind: 'html_instead_of_data', status: 200, retryable: true, attempts: 2 });
  });

  it('stops at a 307 to the HTML search page as past_last_page', async () => {
    routes.set('/search/data.feed', (_req, res) =>
      res
        .writeHead(307, {
          location: '/search?type=ukpga&title=data%20protection',
          'content-type': 'text/html',
        })
        .end('<html><h1>307 Redirection</h1></html>'),
    );
    const error = await failure(client().getXml('/search/data.feed?type=ukpga&page=9'));
    expect(error).toMatchObject({ kind: 'past_last_page', status: 307, retryable: false });
    expect(hits.get('/search')).toBeUndefined();
  });

  it('follows a 307 to another data URL', async () => {
    routes.set('/uksi/2019/1434/data.xml', (_req, res) =>
      res.writeHead(307, { location: '/uksi/2019/1434/made/data.xml' }).end(),
    );
    routes.set('/uksi/2019/1434/made/data.xml', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end('<Legislation DocumentURI="x"/>'),
    );
    const result = await client().getXml('/uksi/2019/1434/data.xml');
    expect(result.url).toBe(`${baseUrl}/uksi/2019/1434/made/data.xml`);
    expect(result.data).toEqual({ Legislation: { '@_DocumentURI': 'x' } });
  });

  it('keeps redirects to the canonical upstream on the configured base URL', async () => {
    routes.set('/uksi/2019/1434/data.xml', (_req, res) =>
      res.writeHead(307, { location: 'http://www.legislation.gov.uk/uksi/2019/1434/made/data.xml' }).end(),
    );
    routes.set('/uksi/2019/1434/made/data.xml', (_req, res) => res.writeHead(200).end('<Legislation/>'));
    const upstream = client({ canonicalBaseUrl: 'https://www.legislation.gov.uk' });
    const result = await upstream.getXml('/uksi/2019/1434/data.xml');
    expect(result.url).toBe(`${baseUrl}/uksi/2019/1434/made/data.xml`);
    expect(upstream.urlFor('http://www.legislation.gov.uk/anaw/2016/data.feed?page=2')).toBe(
      `${baseUrl}/anaw/2016/data.feed?page=2`,
    );
    expect(upstream.urlFor('https://www.legislation.gov.uknot/x')).toBe(
      'https://www.legislation.gov.uknot/x',
    );
  });

  it('honours Retry-After on 429 before retrying', async () => {
    routes.set('/limited', (_req, res, hit) =>
      hit === 1 ? res.writeHead(429, { 'retry-after': '1' }).end() : json(res, '{"billId":7}'),
    );
    const started = Date.now();
    await expect(client().getJson('/limited', itemSchema)).resolves.toEqual({ billId: 7 });
    const [first, second] = hits.get('/limited')!;
    expect(second! - first!).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('backs off by the configured time on 403 without Retry-After, holding other callers too', async () => {
    routes.set('/forbidden', (_req, res, hit) =>
      hit === 1 ? res.writeHead(403).end() : json(res, '{"billId":1}'),
    );
    routes.set('/other', (_req, res) => json(res, '{"billId":2}'));
    const upstream = client({ rateLimitBackoffMs: 120 });
    const first = upstream.getJson('/forbidden', itemSchema);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const other = await upstream.getJson('/other', itemSchema);
    await first;
    expect(other).toEqual({ billId: 2 });
    expect(hits.get('/other')![0]! - hits.get('/forbidden')![0]!).toBeGreaterThanOrEqual(110);
  });

  it('fails as rate_limited when retries run out', async () => {
    routes.set('/always', (_req, res) => res.writeHead(429, { 'retry-after': '0' }).end());
    const error = await failure(client({ maxRetries: 1 }).getText('/always'));
    expect(error).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryable: true,
      attempts: 2,
      retryAfterMs: 0,
    });
  });

  it('reports truncated JSON as invalid_json', async () => {
    routes.set('/truncated', (_req, res) => json(res, '{"items":[{"billId":28'));
    const error = await failure(client().getJson('/truncated', itemSchema));
    expect(error).toMatchObject({ kind: 'invalid_json', status: 200, retryable: false, attempts: 1 });
  });

  it('parses JSON sent as application/octet-stream and checks it against the schema', async () => {
    routes.set('/octet', (_req, res) => json(res, '[{"billId":1}]', 'application/octet-stream'));
    await expect(client().getJson('/octet', z.array(itemSchema))).resolves.toEqual([{ billId: 1 }]);
    const error = await failure(client().getJson('/octet', itemSchema));
    expect(error.kind).toBe('schema_mismatch');
  });

  it('reports malformed XML as invalid_xml', async () => {
    routes.set('/broken.xml', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/atom+xml' }).end('<feed><entry><id>1</id></feed>'),
    );
    const error = await failure(client().getXml('/broken.xml'));
    expect(error).toMatchObject({ kind: 'invalid_xml', retryable: false });
  });

  it('keeps namespace prefixes and attributes and never expands DOCTYPE entities', async () => {
    routes.set('/doc.xml', (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          '<?xml version="1.0"?><!DOCTYPE f [<!ENTITY boom "BOOM">]><f xmlns:ukm="m"><ukm:ISBN Value="0110904907"/><t>a &amp; b &#8217; &boom;</t></f>',
        ),
    );
    const { data } = await client().getXml('/doc.xml');
    expect(data).toMatchObject({ f: { 'ukm:ISBN': { '@_Value': '0110904907' }, t: 'a & b ’ &boom;' } });
  });

  it('paces requests of one client by minIntervalMs, across concurrent callers', async () => {
    routes.set('/paced', (_req, res) => json(res, '{"billId":1}'));
    // when the client sends each request (arrival times at the server also carry the load's jitter)
    const sent: number[] = [];
    const upstream = client({
      minIntervalMs: 80,
      fetchImpl: (input, init) => {
        sent.push(Date.now());
        return fetch(input, init);
      },
    });
    await Promise.all([1, 2, 3].map(() => upstream.getJson('/paced', itemSchema)));
    expect(hits.get('/paced')).toHaveLength(3);
    const [a, b, c] = sent;
    // a timer may fire up to a millisecond early by the wall clock
    expect(b! - a!).toBeGreaterThanOrEqual(79);
    expect(c! - b!).toBeGreaterThanOrEqual(79);
  });
});

describe('helpers', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    const now = Date.parse('2026-09-24T10:00:00Z');
    expect(parseRetryAfter('Thu, 24 Sep 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('rewrites http links of https hosts', () => {
    expect(toHttpsUrl('http://www.legislation.gov.uk/id/uksi/2019/1434')).toBe(
      'https://www.legislation.gov.uk/id/uksi/2019/1434',
    );
    expect(toHttpsUrl('http://legislation.gov.uk/ukpga/2018/12')).toBe(
      'https://www.legislation.gov.uk/ukpga/2018/12',
    );
    expect(toHttpsUrl('http://www.parliament.uk/documents/x.pdf')).toBe(
      'https://www.parliament.uk/documents/x.pdf',
    );
    expect(toHttpsUrl('http://www.opsi.gov.uk/acts/acts2010/ukpga_20100025_en_1')).toBe(
      'http://www.opsi.gov.uk/acts/acts2010/ukpga_20100025_en_1',
    );
  });
});
