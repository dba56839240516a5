import { appendFileSync, mkdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { redactPaths } from '#server/app';

export const SUITE_LOG_DIR = 'test-results/logs';

/**
 * A real logger (same redaction as production) whose lines are kept for assertions and
 * appended to a suite-wide file that the log-scan test reads.
 */
export function captureLogger(name: string) {
  const lines: string[] = [];
  mkdirSync(SUITE_LOG_DIR, { recursive: true });
  const file = `${SUITE_LOG_DIR}/${process.pid}.ndjson`;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const text = chunk.toString();
      lines.push(text);
      appendFileSync(file, text);
      done();
    },
  });
  const logger = pino({ level: 'debug', name, redact: { paths: redactPaths, censor: '[redacted]' } }, stream);
  return { logger, lines };
}

/** Secrets a test used (passwords, codes, tokens): none may ever reach a log line. */
const secrets = new Set<string>();
export function rememberSecret(value: string): string {
  if (value.length >= 6) secrets.add(value);
  return value;
}

export function findLeakedSecrets(lines: string[]): string[] {
  const text = lines.join('');
  return [...secrets].filter((s) => text.includes(s));
}
