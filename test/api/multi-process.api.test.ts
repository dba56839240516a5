/**
 * The service as it runs at scale: two `web` processes and one `worker`, each a child process
 * of its own (src/server/main.ts), on one PostgreSQL. A member's stream on web #2 receives the
 * notification for a change the worker matched; the API rate limit trips at the same count
 * whichever web process serves, and no more than the limit is ever let through; a sign-out on
 * web #1 ends the stream on web #2.
 */
import http from 'node:http';
import { eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changeEvents, notifications, userActions } from '#server/db/schema';
import { MATCH_ALERTS_JOB } from '#server/jobs/match-alerts.job';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { scanLogLines } from '#test/support/log-capture';
import { startServerProcess, type ServerProcess } from '#test/support/server-process';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';

const LIMIT = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface StreamEvent {
  event: string | null;
  data: string;
  at: number;
}

function openStream(url: string, headers: Record<string, string>) {
  const request = http.get(url, { headers, agent: false });
  const events: StreamEvent[] = [];
  let status = 0;
  const opened = new Promise<void>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      status = res.statusCode ?? 0;
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        if (raw.includes(': connected')) resolve();
        let cut: number;
        while ((cut = raw.indexOf('\n\n')) >= 0) {
          const frame = raw.slice(0, cut).split('\n');
          raw = raw.slice(cut + 2);
          const value = (name: string) =>
            frame.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
          if (value('data') !== null)
            events.push({ event: value('event'), data: value('data')!, at: Date.now() });
        }
      });
    });
  });
  const ended = new Promise<number>((resolve) => {
    request.once('response', (res) => res.once('close', () => resolve(Date.now())));
  });
  return { opened, events, ended, status: () => status, close: () => request.destroy() };
}

describe.runIf(inject('dbMode') === 'postgres' && !postgresUnavailable())(
  '2 web + 1 worker on one PostgreSQL',
  () => {
    let database: TestDatabase;
    let web1: ServerProcess;
    let web2: ServerProcess;
    let worker: ServerProcess;
    let boss: PgBoss;

    beforeAll(async () => {
      database = await createTestDatabase();
      await buildLegalChange(database.db);
      const env = { DATABASE_URL: database.url, API_RATE_LIMIT_PER_MINUTE: String(LIMIT) };
      [web1, web2, worker] = await Promise.all([
        startServerProcess({ ...env, ROLE: 'web' }),
        startServerProcess({ ...env, ROLE: 'web' }),
        startServerProcess({ ...env, ROLE: 'worker' }),
      ]);
      // the test hands the worker its job through the same queue a sync uses
      boss = new PgBoss({
        connectionString: database.url,
        schema: 'pgboss',
        supervise: false,
        schedule: false,
      });
      boss.on('error', () => {});
      await boss.start();
    }, 120_000);

    afterAll(async () => {
      await boss?.stop({ graceful: false, wait: true }).catch(() => {});
      const stops = await Promise.all([web1, web2, worker].map((p) => p?.stop('SIGTERM')));
      for (const s of stops) if (s) expect(s.code).toBe(0);
      for (const p of [web1, web2, worker]) {
        if (!p) continue;
        expect(p.output()).not.toMatch(/Cannot use a pool|"msg":"unhandled error"/);
        expect(scanLogLines(p.output().split('\n'))).toEqual([]);
      }
      await database?.destroy();
    }, 60_000);

    it("delivers to a stream on web #2 the notification the worker matched, within a second of the worker's commit", async () => {
      const me = await buildSignedInUser(database.db);
      const stream = openStream(`${web2.url}/api/notifications/stream`, me.headers);
      await stream.opened;
      expect(stream.status()).toBe(200);

      const item = await buildLegalChange(database.db, { title: 'Reservoirs Bill' });
      await database.db
        .insert(userActions)
        .values({ userId: me.user.id, legalChangeId: item.id, action: 'followed' });
      await database.db
        .insert(changeEvents)
        .values({ legalChangeId: item.id, kind: 'amendments_added', after: { count: 3 } });
      await boss.send(MATCH_ALERTS_JOB, {});

      await expect.poll(() => stream.events.length, { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);
      const [event] = stream.events;
      expect(event!.event).toBe('notification');
      const body = JSON.parse(event!.data) as { id: number; title: string };
      expect(body.title).toBe('New amendments: Reservoirs Bill');
      const [row] = await database.db
        .select({ createdAt: notifications.createdAt })
        .from(notifications)
        .where(eq(notifications.id, body.id));
      // written by the worker (a process other than web #2), received on web #2's stream
      expect(event!.at - row!.createdAt.getTime()).toBeLessThan(1000);
      await worker.waitFor(/"job":"match-alerts".*"msg":"job done"/, 10_000);
      stream.close();
    }, 30_000);

    it('trips the API rate limit at the same count across both web processes', async () => {
      const intoWindow = Date.now() % 60_000;
      if (intoWindow > 45_000) await sleep(60_000 - intoWindow + 200);
      // a client address of its own (the processes trust X-Forwarded-For from loopback)
      const headers = { 'x-forwarded-for': '198.51.100.23' };
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT; i++) {
        const res = await fetch(`${(i % 2 ? web1 : web2).url}/api/law-areas`, { headers });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      expect(statuses).toEqual(Array(LIMIT).fill(200));
      for (const web of [web1, web2]) {
        const res = await fetch(`${web.url}/api/law-areas`, { headers });
        expect(res.status).toBe(429);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
      }
    }, 90_000);

    it('accepts exactly the limit of 60 requests arriving together at both web processes', async () => {
      const intoWindow = Date.now() % 60_000;
      if (intoWindow > 45_000) await sleep(60_000 - intoWindow + 200);
      const headers = { 'x-forwarded-for': '198.51.100.61' };
      const statuses = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          const res = await fetch(`${(i % 2 ? web1 : web2).url}/api/law-areas`, { headers });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(statuses.filter((s) => s !== 429)).toHaveLength(LIMIT);
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    }, 90_000);

    it('ends the stream on web #2 when the member signs out on web #1', async () => {
      const me = await buildSignedInUser(database.db);
      const stream = openStream(`${web2.url}/api/notifications/stream`, me.headers);
      await stream.opened;
      const signedOutAt = Date.now();
      const res = await fetch(`${web1.url}/api/auth/logout`, { method: 'POST', headers: me.headers });
      expect(res.status).toBe(200);
      const endedAt = await Promise.race([stream.ended, sleep(20_000).then(() => 0)]);
      expect(endedAt, 'the stream on web #2 stayed open').toBeGreaterThan(0);
      expect(endedAt - signedOutAt).toBeLessThan(2000);
    }, 30_000);
  },
);
