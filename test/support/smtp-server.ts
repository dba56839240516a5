/**
 * An SMTP server on 127.0.0.1 that captures every message it accepts, parsed with mailparser.
 *
 * No STARTTLS; authentication is optional and any credentials are accepted (the username is recorded).
 * `stop()` takes the server down (open connections are cut) and `restart()` brings it back on the same port,
 * so a test can check that mail stays queued during an outage and is delivered afterwards.
 */
import type { Socket } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerError, type SMTPServerSession } from 'smtp-server';
import { listenOnLoopback } from './loopback';

export interface CapturedMail {
  /** 1-based, in order of arrival. */
  seq: number;
  envelope: { from: string; to: string[] };
  /** Address in the From header (the envelope sender when the header has none). */
  from: string;
  /** Envelope recipients (To, Cc and Bcc alike), as given in RCPT TO. */
  to: string[];
  /** Addresses in the To header. */
  headerTo: string[];
  cc: string[];
  subject: string;
  text: string;
  /** '' when the message has no HTML part. */
  html: string;
  /** Header values as sent (unfolded, not decoded), keyed by lower-case name; first occurrence wins. */
  headers: Record<string, string>;
  /** Case-insensitive header lookup. */
  header(name: string): string | undefined;
  messageId: string | undefined;
  date: Date | undefined;
  attachments: { filename: string | undefined; contentType: string; size: number }[];
  /** Username given in AUTH, or null when the client did not authenticate. */
  authUser: string | null;
  raw: string;
  parsed: ParsedMail;
  receivedAt: Date;
}

export interface SmtpCaptureServer {
  readonly host: string;
  readonly port: number;
  readonly running: boolean;
  readonly messages: readonly CapturedMail[];
  /** Resolves with the first message (already received or arriving later) that satisfies the predicate. */
  waitForMessage(predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Resolves once at least `count` messages have arrived. */
  waitForCount(count: number, timeoutMs?: number): Promise<readonly CapturedMail[]>;
  /** Answers the next `count` messages with this SMTP code after DATA (451 = temporary, 5xx = permanent). */
  failNext(count: number, code?: number, message?: string): void;
  /** Rejects RCPT TO for matching addresses (550 by default) until reset. */
  rejectRecipient(address: string | RegExp, code?: number, message?: string): void;
  clear(): void;
  /** Clears messages, failures and rejections. */
  reset(): void;
  /** Takes the server down: stops listening and cuts every open connection. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  if (!value) return [];
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  const walk = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.address) out.push(entry.address);
      if (entry.group) walk(entry.group);
    }
  };
  for (const obj of list) walk(obj.value);
  return out;
}

function headerRecord(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    const name = key.toLowerCase();
    if (name in headers) continue;
    const unfolded = line.replace(/\r?\n[ \t]+/g, ' ');
    const colon = unfolded.indexOf(':');
    headers[name] = (colon === -1 ? '' : unfolded.slice(colon + 1)).trim();
  }
  return headers;
}

function smtpError(code: number, message: string): SMTPServerError {
  const err: SMTPServerError = new Error(message);
  err.responseCode = code;
  return err;
}

export async function startSmtpServer(options: { port?: number } = {}): Promise<SmtpCaptureServer> {
  const host = '127.0.0.1';
  let messages: CapturedMail[] = [];
  const waiters = new Set<{ check: () => boolean; fail: (err: Error) => void }>();
  let failures: { remaining: number; code: number; message: string } | null = null;
  let rejections: { pattern: string | RegExp; code: number; message: string }[] = [];
  let seq = 0;
  let port = options.port ?? 0;
  let server: SMTPServer | null = null;
  const sockets = new Set<Socket>();

  const notify = () => {
    for (const waiter of [...waiters]) if (waiter.check()) waiters.delete(waiter);
  };

  async function capture(raw: Buffer, session: SMTPServerSession): Promise<void> {
    const parsed = await simpleParser(raw, { skipImageLinks: true });
    const headers = headerRecord(parsed);
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
    const user = session.user as unknown;
    messages.push({
      seq: ++seq,
      envelope: { from: envelopeFrom, to: envelopeTo },
      from: addresses(parsed.from)[0] ?? envelopeFrom,
      to: envelopeTo,
      headerTo: addresses(parsed.to),
      cc: addresses(parsed.cc),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      headers,
      header: (name) => headers[name.toLowerCase()],
      messageId: parsed.messageId,
      date: parsed.date,
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.size,
      })),
      authUser: typeof user === 'string' ? user : null,
      raw: raw.toString('utf8'),
      parsed,
      receivedAt: new Date(),
    });
    notify();
  }

  function createServer(): SMTPServer {
    const smtp = new SMTPServer({
      name: 'smtp.lexwatch.test',
      banner: 'Lexwatch test SMTP',
      authOptional: true,
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      disabledCommands: ['STARTTLS'],
      hideSTARTTLS: true,
      disableReverseLookup: true,
      logger: false,
      closeTimeout: 50,
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username ?? 'anonymous' });
      },
      onRcptTo(address, _session, callback) {
        const rule = rejections.find((r) =>
          typeof r.pattern === 'string'
            ? r.pattern.toLowerCase() === address.address.toLowerCase()
            : r.pattern.test(address.address),
        );
        if (rule) return callback(smtpError(rule.code, rule.message));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', (err: Error) => callback(err));
        stream.on('end', () => {
          if (failures && failures.remaining > 0) {
            failures.remaining--;
            callback(smtpError(failures.code, failures.message));
            return;
          }
          capture(Buffer.concat(chunks), session).then(
            () => callback(null),
            (err: unknown) => callback(smtpError(554, `Could not parse message: ${String(err)}`)),
          );
        });
      },
    });
    // Cut connections raise errors on the server object; they are expected during stop().
    smtp.on('error', () => {});
    smtp.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    return smtp;
  }

  async function start(): Promise<void> {
    const smtp = createServer();
    port = await listenOnLoopback(smtp.server, port);
    server = smtp;
  }

  async function stop(): Promise<void> {
    const smtp = server;
    if (!smtp) return;
    server = null;
    await new Promise<void>((resolve) => {
      smtp.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    });
  }

  function waitFor<T>(check: () => T | undefined, timeoutMs: number, describe: () => string): Promise<T> {
    const now = check();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(describe()));
      }, timeoutMs);
      const waiter = {
        check: () => {
          const value = check();
          if (value === undefined) return false;
          clearTimeout(timer);
          resolve(value);
          return true;
        },
        fail: (err: Error) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      waiters.add(waiter);
    });
  }

  const received = () => messages.map((m) => `"${m.subject}" to ${m.to.join(', ')}`).join('; ') || 'none';

  await start();

  return {
    host,
    get port() {
      return port;
    },
    get running() {
      return server !== null;
    },
    get messages() {
      return messages;
    },
    waitForMessage(predicate = () => true, timeoutMs = 5000) {
      return waitFor(
        () => messages.find(predicate),
        timeoutMs,
        () => `No matching message within ${timeoutMs} ms (received: ${received()})`,
      );
    },
    waitForCount(count, timeoutMs = 5000) {
      return waitFor(
        () => (messages.length >= count ? messages : undefined),
        timeoutMs,
        () => `Expected ${count} message(s) within ${timeoutMs} ms, got ${messages.length} (${received()})`,
      );
    },
    failNext(count, code = 451, message = 'Temporary local problem, try again later') {
      failures = { remaining: count, code, message };
    },
    rejectRecipient(address, code = 550, message = 'Mailbox unavailable') {
      rejections.push({ pattern: address, code, message });
    },
    clear() {
      messages = [];
    },
    reset() {
      messages = [];
      failures = null;
      rejections = [];
    },
    stop,
    async restart() {
      await stop();
      await start();
    },
    async close() {
      for (const waiter of waiters) waiter.fail(new Error('SMTP server closed'));
      waiters.clear();
      await stop();
    },
  };
}
