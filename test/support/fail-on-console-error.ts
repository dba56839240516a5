/**
 * Vitest setup file: an unexpected `console.error` fails the test that produced it.
 *
 * Every call is recorded, and printed unless an allowance matched it. After each
 * test, any recorded call that no allowance matched fails that test with the collected messages. Calls made
 * outside a test (in `beforeAll`, `afterAll` or at module level) fail the file in `afterAll`.
 *
 * A test that expects an error log declares it first:
 *
 *   const allowed = allowConsoleError(/upstream timed out/);
 *   ...
 *   expect(allowed.calls).toHaveLength(1);
 *
 * An allowance made inside a test lasts until the end of that test; one made outside a test (for example
 * in `beforeAll` or in a `describe` body) lasts until the end of the file.
 */
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach } from 'vitest';

export type ConsoleErrorPattern = string | RegExp;

export interface ConsoleErrorAllowance {
  readonly pattern: ConsoleErrorPattern;
  /** Messages that this allowance accepted, in order. */
  readonly calls: readonly string[];
}

interface Allowance {
  pattern: ConsoleErrorPattern;
  calls: string[];
  scope: 'test' | 'file';
}

function matches(pattern: ConsoleErrorPattern, message: string): boolean {
  if (typeof pattern === 'string') return message.includes(pattern);
  pattern.lastIndex = 0;
  return pattern.test(message);
}

/**
 * Records console.error calls and decides whether they were expected. The setup below installs one guard
 * per test file; the class is exported so that its rules can be tested on their own.
 */
export class ConsoleErrorGuard {
  private allowances: Allowance[] = [];
  private unexpected: string[] = [];
  private inTest = false;

  /** Formats the arguments like console.error does and records the message. Returns true when allowed. */
  record(args: unknown[]): boolean {
    const message = format(...args);
    for (let i = this.allowances.length - 1; i >= 0; i--) {
      const allowance = this.allowances[i]!;
      if (matches(allowance.pattern, message)) {
        allowance.calls.push(message);
        return true;
      }
    }
    this.unexpected.push(message);
    return false;
  }

  allow(pattern: ConsoleErrorPattern): ConsoleErrorAllowance {
    const allowance: Allowance = { pattern, calls: [], scope: this.inTest ? 'test' : 'file' };
    this.allowances.push(allowance);
    return {
      pattern,
      get calls() {
        return allowance.calls;
      },
    };
  }

  /** Returns the unexpected messages recorded so far and forgets them. */
  take(): string[] {
    const taken = this.unexpected;
    this.unexpected = [];
    return taken;
  }

  startTest(): void {
    this.inTest = true;
  }

  /** Ends the current test: drops its allowances and throws if anything unexpected was logged. */
  endTest(): void {
    this.inTest = false;
    this.allowances = this.allowances.filter((a) => a.scope === 'file');
    this.assertClean('during this test');
  }

  endFile(): void {
    this.allowances = [];
    this.assertClean('outside any test in this file');
  }

  private assertClean(where: string): void {
    const messages = this.take();
    if (messages.length === 0) return;
    const listed = messages.map((m, i) => `  ${i + 1}. ${m.split('\n').join('\n     ')}`).join('\n');
    throw new Error(
      `console.error was called ${messages.length} time(s) ${where}:\n${listed}\n` +
        'If the test expects this, call allowConsoleError(pattern) before it happens.',
    );
  }
}

const ORIGINAL = Symbol.for('lexwatch.test.console-error.original');
type WrappedError = typeof console.error & { [ORIGINAL]?: typeof console.error };

const guard = new ConsoleErrorGuard();
// When the setup file is evaluated again in the same worker, wrap the real console.error, not our wrapper.
const originalError = (console.error as WrappedError)[ORIGINAL] ?? console.error;

const guardedConsoleError: WrappedError = function guardedConsoleError(...args: unknown[]): void {
  // Allowed calls are expected noise and stay quiet; anything else is printed as usual.
  if (!guard.record(args)) originalError.apply(console, args);
};
guardedConsoleError[ORIGINAL] = originalError;
console.error = guardedConsoleError;

beforeEach(() => {
  guard.startTest();
});

afterEach(() => {
  guard.endTest();
});

afterAll(() => {
  guard.endFile();
});

/** Accepts console.error calls whose formatted message contains `pattern` (string) or matches it (RegExp). */
export function allowConsoleError(pattern: ConsoleErrorPattern): ConsoleErrorAllowance {
  return guard.allow(pattern);
}

/**
 * Returns the unexpected console.error messages recorded so far in the current test and clears them, so
 * that the test does not fail. For tests that want to assert on an error log after the fact.
 */
export function takeConsoleErrors(): string[] {
  return guard.take();
}
