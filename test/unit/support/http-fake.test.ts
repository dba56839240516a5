import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpFake, type HttpFake } from '#test/support/http-fake';

describe('startHttpFake', () => {
  let fake: HttpFake;

  beforeEach(async () => {
    fake = await startHttpFake();
  });

  afterEach(async () => {
    await fake.close();
  });

  it('listens on a random loopback port', () => {
    expect(fake.url).toBe(`http://127.0.0.1:${fake.port}`);
    expect(fake.port).toBeGreaterThan(0);
  });

  it('answers registered handlers and records JSON bodies, query and headers', async () => {
    fake.on('POST', '/hooks/echo', (req, body) => ({ status: 202, json: { got: body, q: req.query.x } }));

    const res = await fetch(`${fake.url}/hooks/echo?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trace': 'abc' },
      body: JSON.stringify({ hello: 'world' }),
    });

    expect(res.status).toBe(202);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ got: { hello: 'world' }, q: '1' });
    expect(fake.requests).toHaveLength(1);
    const recorded = fake.requests[0]!;
    expect(recorded).toMatchObject({ method: 'POST', path: '/hooks/echo', search: '?x=1', status: 202 });
    expect(recorded.body).toEqual({ hello: 'world' });
    expect(recorded.headers['x-trace']).toBe('abc');
  });

  it('parses form-urlencoded bodies, turning repeated keys into arrays', async () => {
    fake.on('POST', '/form', () => ({ text: 'ok' }));

    const res = await fetch(`${fake.url}/form`, {
      method: 'POST',
      body: new URLSearchParams([
        ['To', '+447700900123'],
        ['MediaUrl', 'a'],
        ['MediaUrl', 'b'],
      ]),
    });

    expect(await res.text()).toBe('ok');
    expect(fake.requests[0]!.body).toEqual({ To: '+447700900123', MediaUrl: ['a', 'b'] });
  });

  it('matches :param and RegExp paths and exposes the captured parameters', async () => {
    fake.on('GET', '/users/:id/items/:item.json', (req) => ({ json: req.params }));
    fake.on('GET', /^\/files\/(?<name>[^/]+)$/, (req) => ({ text: req.params.name ?? '' }));

    const a = await fetch(`${fake.url}/users/42/items/abc.json`);
    const b = await fetch(`${fake.url}/files/report.pdf`);

    expect(await a.json()).toEqual({ id: '42', item: 'abc' });
    expect(await b.text()).toBe('report.pdf');
    expect(fake.requestsTo('GET', '/users/:id/items/:item.json')).toHaveLength(1);
  });

  it('lets a later handler override an earlier one, and removing it restores the first', async () => {
    fake.on('GET', '/x', () => ({ text: 'first' }));
    const remove = fake.on('GET', '/x', () => ({ text: 'second' }));

    expect(await (await fetch(`${fake.url}/x`)).text()).toBe('second');
    remove();
    expect(await (await fetch(`${fake.url}/x`)).text()).toBe('first');
  });

  it('answers 404 JSON for unknown routes', async () => {
    const res = await fetch(`${fake.url}/nowhere`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('fails the next N requests with the given status, then recovers', async () => {
    fake.on('GET', '/flaky', () => ({ json: { ok: true } }));
    fake.failNext(2, 503);

    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${fake.url}/flaky`);
      await res.arrayBuffer();
      statuses.push(res.status);
    }

    expect(statuses).toEqual([503, 503, 200]);
    expect(fake.requests.map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it('failAll keeps failing until switched off, with a custom body', async () => {
    fake.on('GET', '/down', () => ({ text: 'up' }));
    fake.failAll(502, { text: 'bad gateway' });

    const first = await fetch(`${fake.url}/down`);
    expect(first.status).toBe(502);
    expect(await first.text()).toBe('bad gateway');

    fake.failAll(false);
    expect(await (await fetch(`${fake.url}/down`)).text()).toBe('up');
  });

  it('answers 500 and records the error when a handler throws', async () => {
    fake.on('GET', '/boom', () => {
      throw new Error('kaboom');
    });

    const res = await fetch(`${fake.url}/boom`);

    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ detail: 'kaboom' });
    expect(fake.errors.map((e) => e.message)).toEqual(['kaboom']);
  });

  it('waitForRequest resolves for a request that arrives later', async () => {
    fake.on('POST', '/later', () => ({ status: 204 }));
    const waiting = fake.waitForRequest((r) => r.path === '/later', 2000);

    setTimeout(() => void fetch(`${fake.url}/later`, { method: 'POST' }).then((r) => r.arrayBuffer()), 20);

    await expect(waiting).resolves.toMatchObject({ method: 'POST', path: '/later' });
  });

  it('waitForRequest rejects after the timeout, naming what it saw', async () => {
    await (await fetch(`${fake.url}/other`)).arrayBuffer();
    await expect(fake.waitForRequest((r) => r.path === '/never', 50)).rejects.toThrow(/GET \/other/);
  });

  it('delays, hangs and resets on request', async () => {
    fake.on('GET', '/slow', () => ({ delayMs: 120, text: 'slow' }));
    fake.on('GET', '/hang', () => ({ hang: true }));
    fake.on('GET', '/reset', () => ({ reset: true }));

    const started = Date.now();
    expect(await (await fetch(`${fake.url}/slow`)).text()).toBe('slow');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);

    await expect(fetch(`${fake.url}/hang`, { signal: AbortSignal.timeout(100) })).rejects.toThrow(
      /aborted|timeout/i,
    );
    await expect(fetch(`${fake.url}/reset`)).rejects.toThrow(TypeError);
  });

  it('closes promptly even with a request left hanging', async () => {
    fake.on('GET', '/hang', () => ({ hang: true }));
    const pending = fetch(`${fake.url}/hang`).catch((err: unknown) => err);
    await fake.waitForRequest((r) => r.path === '/hang');

    const started = Date.now();
    await fake.close();

    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(TypeError);
    await expect(fetch(`${fake.url}/hang`)).rejects.toThrow(TypeError);
  });
});
