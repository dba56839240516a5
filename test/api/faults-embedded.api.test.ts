/**
 * Fault suite, the embedded database: the PGlite child process that the service supervises
 * (src/server/db/embedded.ts) killed with SIGKILL. The service (src/server/main.ts, no
 * DATABASE_URL) stays up: /api/health says the database is down (503, in its own clear
 * shape), the supervisor starts the child again on the same port and data directory, and the
 * health check returns to ok, in the same process. Embedded project only.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { until } from '#test/support/fault-kit';
import { scanLogLines } from '#test/support/log-capture';
import { startServerProcess, type ServerProcess } from '#test/support/server-process';

interface Health {
  status: string;
  database: { status: string; mode: string };
}

describe.runIf(inject('dbMode') === 'embedded')('the embedded database killed under the service', () => {
  let dataDir: string;
  let service: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lexwatch-fault-embedded-'));
    cpSync(inject('templateDir'), dataDir, { recursive: true });
    rmSync(join(dataDir, 'lexwatch.lock'), { force: true });
    service = await startServerProcess({ DATA_DIR: dataDir, ROLE: 'all' });
  }, 120_000);

  afterAll(async () => {
    const stopped = await service?.stop('SIGTERM');
    if (stopped) expect(stopped.code).toBe(0);
    if (service) expect(scanLogLines(service.output().split('\n'))).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('says so on /api/health while it is down, restarts it, and is healthy again without a restart', async () => {
    const health = async () => {
      const res = await fetch(`${service.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      return { status: res.status, body: (await res.json()) as Health };
    };
    await until('a healthy start', async () => (await health()).status === 200, 60_000, 200);
    const pid = Number(
      /"databasePid":(\d+)[^\n]*the embedded database is running"/.exec(service.output())?.[1],
    );
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(service.child.pid);

    const seen: { status: number; body: Health }[] = [];
    process.kill(pid, 'SIGKILL');
    const down = await until(
      'the health check to report the database down',
      async () => {
        const answer = await health();
        seen.push(answer);
        return answer.status === 503 ? answer : false;
      },
      20_000,
      25,
    );
    expect(down.body).toMatchObject({ status: 'degraded', database: { status: 'down', mode: 'embedded' } });

    await until(
      'the health check to be ok again',
      async () => {
        const answer = await health();
        seen.push(answer);
        return answer.status === 200;
      },
      60_000,
      100,
    );
    await service.waitFor(/the embedded database is running again/, 5_000);
    const restartedPid = Number(
      /"databasePid":(\d+)[^\n]*the embedded database is running again"/.exec(service.output())?.[1],
    );
    expect(restartedPid).toBeGreaterThan(0);
    expect(restartedPid).not.toBe(pid);
    // the same service process throughout, and it reads data again
    expect(service.child.exitCode).toBeNull();
    expect(seen.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    const areas = await fetch(`${service.url}/api/law-areas`);
    expect(areas.status).toBe(200);
    expect(service.output()).not.toMatch(/"msg":"unhandled error"/);
  }, 120_000);
});
