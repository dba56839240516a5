import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { freePort } from '#test/support/server-process';

const repo = resolve(import.meta.dirname, '../..');
/** Upstream addresses nothing listens on: the service never reaches the internet. */
const NOWHERE = 'http://127.0.0.1:9';

/** Every live descendant of `pid` (from /proc; a zombie has ended). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z') continue;
    const list = parents.get(Number(ppid)) ?? [];
    list.push(Number(entry));
    parents.set(Number(ppid), list);
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const child of parents.get(p) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** Whether `pid` is still running (a zombie waiting for its reaper is not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

// One run is enough: it starts the embedded database (the default) whichever database the
// project tests.
describe.runIf(inject('dbMode') === 'embedded')('npm start, then SIGTERM to npm', () => {
  let dir: string;
  let npm: ChildProcess;
  let out = '';

  beforeAll(async () => {
    // a copy of the project as `npm start` runs it: the built server and the same start script
    dir = mkdtempSync(join(tmpdir(), 'lexwatch-npm-start-'));
    execFileSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: repo,
      env: { ...process.env, SERVER_BUILD_DIR: join(dir, 'dist/server') },
    });
    const { scripts } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'lexwatch', private: true, type: 'module', scripts: { start: scripts.start } }),
    );
    symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
    const port = await freePort();
    npm = spawn('npm', ['start', '--ignore-scripts'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: join(dir, 'data'),
        SYNC_ON_START: 'false',
        PARLIAMENT_BILLS_API_URL: NOWHERE,
        LEGISLATION_API_URL: NOWHERE,
        SCOTTISH_PARLIAMENT_API_URL: NOWHERE,
        GOVUK_API_URL: NOWHERE,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    npm.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    await vi.waitFor(
      () => {
        if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}):\n${out}`);
        if (!/"msg":"started"/.test(out)) throw new Error(`not started yet:\n${out}`);
      },
      { timeout: 150_000, interval: 200 },
    );
  }, 200_000);

  afterAll(() => {
    for (const pid of npm?.pid ? descendants(npm.pid) : []) process.kill(pid, 'SIGKILL');
    npm?.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('stops the server and its embedded database, leaving no process behind', async () => {
    const started = descendants(npm.pid!);
    // the server and the embedded database's child process, at least
    expect(started.length).toBeGreaterThanOrEqual(2);
    const exited = new Promise<number | null>((done) => npm.once('exit', (code) => done(code)));
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect.poll(() => started.filter(alive), { timeout: 15_000, interval: 100 }).toEqual([]);
    expect(out).toMatch(/"msg":"stopped"/);
  });
});
