import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, prettyLine } from './log-format';

/** A logger writing into an array of strings; `isTTY` as a terminal would say. */
function capture(isTTY: boolean) {
  const written: string[] = [];
  const out = Object.assign(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        written.push(chunk.toString());
        done();
      },
    }),
    { isTTY },
  );
  return { log: createLogger({ level: 'info', redact: ['*.password'], out }), written };
}

/** What the fetch of Node reports when nothing listens at the address. */
function refused(): Error {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
  return new TypeError('fetch failed', { cause });
}

describe('log lines', () => {
  it('logs a refused connection as one line without a stack, on a terminal', () => {
    const { log, written } = capture(true);
    log.warn({ err: refused(), source: 'parliament-bills' }, 'sync failed; it will be retried');
    expect(written).toHaveLength(1);
    const line = written[0]!;
    expect(line.trimEnd().split('\n')).toHaveLength(1);
    expect(line).toContain('sync failed; it will be retried');
    expect(line).toContain('ECONNREFUSED');
    expect(line).toContain('source=');
    expect(line).not.toMatch(/\bat \S+ \(/);
    expect(line.trimStart()).not.toMatch(/^\{/);
  });

  it('keeps JSON when the output is not a terminal, the network failure still without a stack', () => {
    const { log, written } = capture(false);
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), {
      name: 'TimeoutError',
    });
    log.warn({ err: timeout }, 'news search failed');
    const entry = JSON.parse(written[0]!) as { msg: string; err: Record<string, unknown> };
    expect(entry.msg).toBe('news search failed');
    expect(entry.err).toEqual({
      type: 'TimeoutError',
      message: 'The operation was aborted due to timeout',
      network: 'TimeoutError',
    });
  });

  it('recognises a DNS failure inside an upstream error, and keeps the stack of a real defect', () => {
    const { log, written } = capture(false);
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND bills-api.parliament.uk'), {
      code: 'ENOTFOUND',
    });
    const upstream = Object.assign(new Error('bills: fetch failed', { cause: dns }), {
      name: 'UpstreamError',
      kind: 'http_status',
    });
    log.error({ err: upstream }, 'sync failed');
    log.error({ err: new RangeError('index out of range') }, 'bug');
    const [network, defect] = written.map((l) => JSON.parse(l) as { err: Record<string, unknown> });
    expect(network!.err.network).toBe('ENOTFOUND');
    expect(network!.err.stack).toBeUndefined();
    expect(defect!.err.network).toBeUndefined();
    expect(String(defect!.err.stack)).toContain('RangeError: index out of range');
  });

  it('prints the stack of an unexpected error below its line on a terminal, and redacts secrets', () => {
    const { log, written } = capture(true);
    log.error({ err: new RangeError('index out of range'), body: { password: 'hunter2' } }, 'bug');
    const [head, ...stack] = written[0]!.trimEnd().split('\n');
    expect(head).toContain('bug');
    expect(stack[0]).toContain('RangeError: index out of range');
    expect(written[0]).not.toContain('hunter2');
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(prettyLine('plain text')).toBe('plain text\n');
  });
});
