import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConsoleErrorGuard, allowConsoleError, takeConsoleErrors } from '#test/support/fail-on-console-error';

const SETUP_FILE = fileURLToPath(new URL('../../support/fail-on-console-error.ts', import.meta.url));
const VITEST_BIN = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));

describe('ConsoleErrorGuard', () => {
  it('lets a test end cleanly when nothing was logged', () => {
    const guard = new ConsoleErrorGuard();
    guard.startTest();
    expect(() => guard.endTest()).not.toThrow();
  });

  it('fails the test with every unexpected message, formatted like console.error', () => {
    const guard = new ConsoleErrorGuard();
    guard.startTest();
    guard.record(['first %s', 'problem']);
    guard.record([new Error('second problem')]);

    let error: unknown;
    try {
      guard.endTest();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain('2 time(s) during this test');
    expect(message).toContain('first problem');
    expect(message).toContain('Error: second problem');
    expect(message).toContain('allowConsoleError');
    // The recorded calls are consumed: the next test starts clean.
    guard.startTest();
    expect(() => guard.endTest()).not.toThrow();
  });

  it('accepts messages matching an allowance (substring or RegExp) and counts them', () => {
    const guard = new ConsoleErrorGuard();
    guard.startTest();
    const bySubstring = guard.allow('upstream timed out');
    const byRegExp = guard.allow(/^retrying \d+/);

    expect(guard.record(['fetch: upstream timed out after 10s'])).toBe(true);
    expect(guard.record(['retrying 3 more times'])).toBe(true);
    expect(guard.record(['something else'])).toBe(false);

    expect(bySubstring.calls).toEqual(['fetch: upstream timed out after 10s']);
    expect(byRegExp.calls).toEqual(['retrying 3 more times']);
    expect(() => guard.endTest()).toThrow(/something else/);
  });

  it('drops an allowance made in a test when that test ends', () => {
    const guard = new ConsoleErrorGuard();
    guard.startTest();
    guard.allow('expected');
    guard.endTest();

    guard.startTest();
    guard.record(['expected']);
    expect(() => guard.endTest()).toThrow(/expected/);
  });

  it('keeps an allowance made outside a test for the whole file', () => {
    const guard = new ConsoleErrorGuard();
    guard.allow('noisy dependency');
    for (let i = 0; i < 2; i++) {
      guard.startTest();
      guard.record(['noisy dependency warning']);
      expect(() => guard.endTest()).not.toThrow();
    }
    guard.endFile();
  });

  it('reports calls made outside any test when the file ends', () => {
    const guard = new ConsoleErrorGuard();
    guard.record(['logged from beforeAll']);
    expect(() => guard.endFile()).toThrow(/outside any test in this file:[\s\S]*logged from beforeAll/);
  });
});

describe('the installed setup file', () => {
  it('lets a test log an error it declared with allowConsoleError', () => {
    const allowed = allowConsoleError(/expected failure \d+/);
    console.error('expected failure 42');
    expect(allowed.calls).toEqual(['expected failure 42']);
  });

  it('records unexpected calls, which takeConsoleErrors hands over instead of failing', () => {
    console.error('an error this test asserts on', { id: 7 });
    expect(takeConsoleErrors()).toEqual(['an error this test asserts on { id: 7 }']);
  });

  it('fails a real Vitest test that logs an unexpected error, and only that test', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-guard-'));
    try {
      writeFileSync(
        join(dir, 'vitest.config.mjs'),
        `export default { test: { include: ['probe.test.mjs'], globals: true, setupFiles: [${JSON.stringify(SETUP_FILE)}] } };\n`,
      );
      writeFileSync(
        join(dir, 'probe.test.mjs'),
        [
          `import { allowConsoleError } from ${JSON.stringify(SETUP_FILE)};`,
          `it('logs unexpectedly', () => { console.error('boom: database unreachable'); });`,
          `it('stays clean', () => {});`,
          `it('logs what it allowed', () => { allowConsoleError('known noise'); console.error('known noise here'); });`,
          `it('allowance did not leak', () => { console.error('known noise again'); });`,
          '',
        ].join('\n'),
      );
      const outputFile = join(dir, 'report.json');
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
      const exitCode = await new Promise<number>((resolve) => {
        const child = execFile(
          process.execPath,
          [
            VITEST_BIN,
            'run',
            '--root',
            dir,
            '--config',
            join(dir, 'vitest.config.mjs'),
            '--reporter=json',
            `--outputFile=${outputFile}`,
          ],
          { env, timeout: 30_000 },
          () => resolve(child.exitCode ?? -1),
        );
      });

      const report = JSON.parse(readFileSync(outputFile, 'utf8')) as {
        testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
      };
      const results = Object.fromEntries(
        report.testResults.flatMap((f) => f.assertionResults).map((a) => [a.title, a]),
      );
      expect(exitCode).toBe(1);
      expect(results['logs unexpectedly']?.status).toBe('failed');
      expect(results['logs unexpectedly']?.failureMessages[0]).toContain('boom: database unreachable');
      expect(results['stays clean']?.status).toBe('passed');
      expect(results['logs what it allowed']?.status).toBe('passed');
      expect(results['allowance did not leak']?.status).toBe('failed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
