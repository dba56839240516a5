/**
 * Fault suite, the database: PostgreSQL "restarted" under load. A web process (src/server/
 * main.ts, ROLE=web) reaches PostgreSQL through a TCP proxy of the test's own (the machine's
 * server is never touched); with members' requests running, the proxy cuts every connection
 * and stops listening (what a restart or failover looks like to the service), then listens
 * again. While the database is away every answer is a 503 in the error shape with a retry
 * hint (never a 500, never a hang); afterwards the same process answers 200 again, without a
 * restart. PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { until } from '#test/support/fault-kit';
import { startFaultProxy, type FaultProxy } from '#test/support/fault-proxy';
import { rememberSecret, scanLogLines } from '#test/support/log-capture';
import { startServerProcess, type ServerProcess } from '#test/support/server-process';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';

type Phase = 'before' | 'down' | 'after';
interface Answer {
  route: string;
  phase: Phase;
  status: number;
  body: unknown;
  ms: number;
}
const REQUEST_DEADLINE_MS = 15_000;

describe.runIf(inject('dbMode') === 'postgres' && !postgresUnavailable())(
  'PostgreSQL restarted under load',
  () => {
    let database: TestDatabase;
    let proxy: FaultProxy;
    let web: ServerProcess;

    beforeAll(async () => {
      database = await createTestDatabase();
      await buildLegalChange(database.db, { title: 'Reservoirs Bill' });
      const target = new URL(database.url);
      proxy = await startFaultProxy({ target: { host: target.hostname, port: Number(target.port || 5432) } });
      const viaProxy = new URL(database.url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      web = await startServerProcess({ DATABASE_URL: viaProxy.toString(), ROLE: 'web' });
    }, 90_000);

    afterAll(async () => {
      const stopped = await web?.stop('SIGTERM');
      if (stopped) expect(stopped.code).toBe(0);
      if (web) {
        expect(web.output()).not.toMatch(/"msg":"unhandled error"/);
        expect(scanLogLines(web.output().split('\n'))).toEqual([]);
      }
      await proxy?.close();
      await database?.destroy();
    }, 60_000);

    it('answers 503 with a clear body while the database is away, and 200 again once it is back, in the same process', async () => {
      const me = await buildSignedInUser(database.db);
      rememberSecret(me.token);
      const routes = [
        '/api/legal-changes?page=1',
        '/api/legal-changes/search?q=reservoirs',
        '/api/notifications',
        '/api/auth/user',
        '/api/health',
      ];
      let phase: Phase = 'before';
      let running = true;
      const answers: Answer[] = [];
      const hangs: string[] = [];
      const client = async (n: number) => {
        for (let i = n; running; i++) {
          const route = routes[i % routes.length]!;
          const at = phase;
          const started = Date.now();
          try {
            const res = await fetch(`${web.url}${route}`, {
              headers: me.headers,
              signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
            });
            const text = await res.text();
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {}
            // a request that began in one phase and ended in another proves nothing either way
            if (at === phase)
              answers.push({ route, phase: at, status: res.status, body, ms: Date.now() - started });
          } catch (error) {
            hangs.push(`${route}: ${(error as Error).name}`);
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      const load = Array.from({ length: 6 }, (_, n) => client(n));
      const inPhase = (p: Phase) => answers.filter((a) => a.phase === p);

      await until('answers with the database up', () => inPhase('before').length >= 30, 30_000);
      await proxy.stop(); // every connection cut, new ones refused
      phase = 'down';
      await until('answers with the database away', () => inPhase('down').length >= 40, 30_000);
      // a few seconds of outage, every route tried many times
      await new Promise((r) => setTimeout(r, 2000));
      await proxy.restart();
      phase = 'after';
      // recovery: the pool's next connections reach the database again
      await until(
        'every route to answer 200 again',
        () => {
          const recent = inPhase('after').slice(-routes.length * 4);
          return recent.length === routes.length * 4 && recent.every((a) => a.status === 200);
        },
        30_000,
      );
      running = false;
      await Promise.all(load);

      expect(hangs).toEqual([]);
      expect(inPhase('before').every((a) => a.status === 200)).toBe(true);
      const down = inPhase('down');
      expect(down.filter((a) => a.status !== 503)).toEqual([]);
      for (const a of down) {
        expect(a.ms).toBeLessThan(REQUEST_DEADLINE_MS);
        // the health check reports the database down itself, or (when the member's session
        // cannot be read first) answers like every other route
        if (a.route === '/api/health' && (a.body as { status?: string }).status)
          expect(a.body).toMatchObject({ status: 'degraded', database: { status: 'down' } });
        else
          expect(a.body).toEqual({
            error: {
              code: 'database_unavailable',
              message: expect.stringMatching(/database/),
              details: { retryAfterSeconds: expect.any(Number), requestId: expect.any(String) },
            },
          });
      }
      expect(new Set(down.map((a) => a.route))).toEqual(new Set(routes));
      // recovered without a restart: the process that started is the one answering
      expect(web.child.exitCode).toBeNull();
      expect(inPhase('after').filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    }, 120_000);
  },
);
