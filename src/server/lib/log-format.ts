/**
 * How the service's log lines read. An expected network failure of an upstream (connection
 * refused or reset, a timeout, a name that does not resolve) is logged as one short line with
 * no stack: it is weather, not a defect. On a terminal the JSON lines are printed as readable
 * text; elsewhere (a file, a pipe, a log collector) they stay JSON.
 */
import pino from 'pino';

/** Error codes of a network that did not answer: expected now and then, never a defect here. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
]);
/** The upstream client's own kinds of the same (src/server/sources/http/errors.ts). */
const NETWORK_KINDS = new Set(['network', 'timeout']);
const TIMEOUT_NAMES = new Set(['TimeoutError', 'AbortError']);

type ErrorLike = { name?: unknown; code?: unknown; kind?: unknown; cause?: unknown; message?: unknown };

/**
 * The reason, when `error` (or an error it wraps) is an expected network failure: its code
 * ("ECONNREFUSED"), the upstream kind ("timeout") or the name of an abort ("TimeoutError").
 */
export function networkFailure(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as ErrorLike;
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return e.code;
    if (e.name === 'UpstreamError' && typeof e.kind === 'string' && NETWORK_KINDS.has(e.kind)) return e.kind;
    if (typeof e.name === 'string' && TIMEOUT_NAMES.has(e.name)) return e.name;
    current = e.cause;
  }
  return null;
}

/**
 * The `err` serializer: an expected network failure is its type, message and reason (no stack,
 * no causes); anything else is serialized in full, stack included.
 */
export function serializeError(error: unknown): unknown {
  const reason = networkFailure(error);
  if (reason === null || !(error instanceof Error)) return pino.stdSerializers.err(error as Error);
  return { type: error.name, message: error.message, network: reason };
}

const LEVELS: Record<number, [string, string]> = {
  10: ['TRACE', '90'],
  20: ['DEBUG', '36'],
  30: ['INFO ', '32'],
  40: ['WARN ', '33'],
  50: ['ERROR', '31'],
  60: ['FATAL', '35'],
};
/** Fields every line has: shown in their own places, not repeated as key=value. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

const inline = (value: unknown): string => {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
};

/**
 * One JSON log line as text for a terminal: `11:02:03 WARN  message key=value`, and below it
 * the stack of an unexpected error, indented. A line that is not JSON is returned as it is.
 */
export function prettyLine(line: string, { color = false } = {}): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const [label, tint] = LEVELS[Number(entry.level)] ?? ['LOG  ', '0'];
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !OWN_FIELDS.has(key))
    .map(([key, value]) => `${paint('2', `${key}=`)}${inline(value)}`);
  const err = entry.err as { type?: string; message?: string; network?: string; stack?: string } | undefined;
  if (err?.network) fields.push(`${paint('2', 'error=')}${inline(`${err.message} (${err.network})`)}`);
  else if (err && !err.stack) fields.push(`${paint('2', 'error=')}${inline(err.message ?? err)}`);
  const head = [paint('2', time), paint(tint, label), String(entry.msg ?? ''), ...fields]
    .filter(Boolean)
    .join(' ');
  const stack = err?.stack && !err.network ? `\n${err.stack.replace(/^/gm, '    ').replace(/\s+$/, '')}` : '';
  return `${head}${stack}\n`;
}

/** A pino destination that writes each line through `prettyLine` to `out`. */
export function prettyStream(out: NodeJS.WritableStream & { isTTY?: boolean }): pino.DestinationStream {
  return { write: (line: string) => void out.write(prettyLine(line, { color: Boolean(out.isTTY) })) };
}

/**
 * The service's logger: the error serializer above, secrets redacted at `redact`, readable text
 * when standard output is a terminal, JSON lines otherwise.
 */
export function createLogger(opts: {
  level: string;
  redact: string[];
  out?: NodeJS.WritableStream & { isTTY?: boolean };
}): pino.Logger {
  const options: pino.LoggerOptions = {
    level: opts.level,
    redact: { paths: opts.redact, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  const out = opts.out ?? process.stdout;
  if (out.isTTY) return pino(options, prettyStream(out));
  return opts.out ? pino(options, opts.out as pino.DestinationStream) : pino(options);
}
