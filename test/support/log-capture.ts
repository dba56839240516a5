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

/**
 * The remembered secrets found in the lines. A code of digits counts only standing alone: the
 * six digits of a sign-up code also occur inside a log line's millisecond timestamp.
 */
export function findLeakedSecrets(lines: string[]): string[] {
  const text = lines.join('\n');
  return [...secrets].filter((s) =>
    /^\d+$/.test(s) ? new RegExp(`(?<!\\d)${s}(?!\\d)`).test(text) : text.includes(s),
  );
}

/** Shapes of credentials that must never appear in any log line. */
export const CREDENTIAL_SHAPES: [string, RegExp][] = [
  ['an argon2 hash', /\$argon2(id|i|d)\$/],
  ['a bearer token', /Bearer [A-Za-z0-9_-]{20,}/],
  ['an API key', /lwk_(live|test)_[0-9A-Za-z]{38}/],
  ['a session cookie', /lw_(session|admin)=[A-Za-z0-9_-]{20,}/],
  ['a reset link token', /reset-password\?token=[A-Za-z0-9_-]{10,}/],
  ['an emailed code', /Verification code: \d{6}/],
  [
    'an unredacted secret field',
    /"(password|newPassword|verificationCode|sessionToken|token|csrfToken)":"(?!\[redacted\])[^"]+"/,
  ],
];

/** Everything wrong with these log lines: remembered secrets, and lines shaped like a credential. */
export function scanLogLines(lines: string[]): string[] {
  return [
    ...findLeakedSecrets(lines).map((s) => `a remembered secret (${s.slice(0, 3)}…)`),
    ...lines.flatMap((line) =>
      CREDENTIAL_SHAPES.filter(([, shape]) => shape.test(line)).map(([what]) => what),
    ),
  ];
}
