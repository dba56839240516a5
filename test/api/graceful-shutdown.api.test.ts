import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { startServerProcess, type ServerProcess } from '#test/support/server-process';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';

/** A GET on a connection of its own; resolves with the status and body, or the error. */
function get(url: string, headers: Record<string, string>) {
  const request = http.get(url, { headers, agent: false });
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    request.once('error', (error) => resolve({ error: error.message }));
    request.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
  });
  return { request, answer };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(inject('dbMode') === 'postgres' && !postgresUnavailable())('graceful stop on SIGTERM', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let headers: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    // something stored, so the first start loads no snapshot
    await buildLegalChange(database.db);
    ({ headers } = await buildSignedInUser(database.db));
    server = await startServerProcess({ DATABASE_URL: database.url, ROLE: 'web' });
  }, 90_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await database?.destroy();
  });

  it('answers the requests under way, tells streams to reconnect, and exits 0 within 10 s with the pool closed last', async () => {
    // a stream open on the server
    const stream = get(`${server.url}/api/notifications/stream`, headers);
    let streamText = '';
    let closedAt = 0;
    const streamEnded = new Promise<void>((resolve) => {
      stream.request.once('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', (c: string) => (streamText += c));
        res.once('close', () => {
          closedAt = Date.now();
          resolve();
        });
      });
    });
    await expect.poll(() => streamText, { timeout: 5000 }).toContain(': connected');

    // requests held in the database by transactions of the test: signed-out lists wait on a
    // lock on legal_changes; signed-in requests wait in their session look-up (a lock on
    // sessions) and their clients give up, but their handlers go on to read once let through
    const lock = async (table: string) => {
      const client = new pg.Client({ connectionString: database.url });
      client.on('error', () => {});
      await client.connect();
      await client.query('begin');
      await client.query(`lock table ${table} in access exclusive mode`);
      return async () => {
        await client.query('commit');
        await client.end();
      };
    };
    const releaseLists = await lock('legal_changes');
    const releaseSessions = await lock('sessions');
    const held = Array.from({ length: 5 }, (_, i) =>
      get(`${server.url}/api/legal-changes?page=${i + 1}`, {}),
    );
    const abandoned = Array.from({ length: 5 }, () => get(`${server.url}/api/dashboard/stats`, headers));
    for (const a of abandoned) void a.answer;
    await sleep(500);
    for (const a of abandoned) a.request.destroy();
    await sleep(200);

    const termAt = Date.now();
    const stopping = server.stop('SIGTERM');
    await sleep(300);
    // no new connections once stopping
    const late = await get(`${server.url}/api/health`, {}).answer;
    expect('error' in late || late.status === 503).toBe(true);
    // the stream ended with a retry hint
    await streamEnded;

    await sleep(1000);
    await releaseLists();
    await sleep(1000);
    await releaseSessions();

    const answers = await Promise.all(held.map((h) => h.answer));
    for (const a of answers) expect(a).toMatchObject({ status: 200 });
    const { code, ms } = await stopping;
    expect(streamText, `${closedAt - termAt} ${server.output()}`).toMatch(/retry: \d+\n: server stopping/);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(server.output()).not.toMatch(/Cannot use a pool|unhandled error/);
  }, 30_000);
});

describe.runIf(inject('dbMode') === 'embedded')('graceful stop on SIGTERM, embedded database', () => {
  it('serves, then on SIGTERM stops its jobs, HTTP and the embedded database and exits 0 within 10 s', async () => {
    const server = await startServerProcess({ ROLE: 'all' });
    try {
      const health = await get(`${server.url}/api/health`, {}).answer;
      expect(health).toMatchObject({ status: 200 });
      const { code, ms } = await server.stop('SIGTERM');
      expect(code).toBe(0);
      expect(ms).toBeLessThan(10_000);
      expect(server.output()).toContain('"msg":"stopped"');
      expect(server.output()).not.toMatch(/Cannot use a pool|unhandled error|stopped unexpectedly/);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 200_000);
});
