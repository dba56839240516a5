/**
 * Helpers of the fault suite (test/api/faults-*.api.test.ts): polling with a deadline, a kill
 * that waits for the exit, and an SMTP sink that holds each message's answer a while before it
 * commits the message and answers "250". Like a real mail server, it commits a message whose
 * sender died during the hold unless it has already seen the connection close (a paused socket
 * does not see it), so a kill during the hold can leave a message committed but never marked
 * sent by its sender.
 */
import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import { listenOnLoopback } from './loopback';

/** Polls `probe` every `intervalMs` until it answers truthy; throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** SIGKILL, and resolves once the process is gone. */
export async function killHard(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return { code: child.exitCode, signal: child.signalCode };
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.kill('SIGKILL');
  return exited;
}

export interface SinkMail {
  messageId: string;
  to: string;
  subject: string;
  at: number;
}

export interface SlowSmtpSink {
  readonly port: number;
  readonly url: string;
  /** messages committed (answered 250 to a client still connected), in order */
  readonly accepted: readonly SinkMail[];
  /** messages whose DATA arrived but whose client was gone before the answer (not committed) */
  readonly abandoned: number;
  /** DATA received and waiting for the answer now */
  readonly holding: number;
  /** Message-IDs of the messages held now */
  heldIds(): string[];
  /** every message whose DATA arrived, with when (committed or not) */
  readonly received: readonly { messageId: string; at: number }[];
  /** how long until the next held message is answered (Infinity when none is held) */
  nextAnswerInMs(): number;
  setDelay(ms: number): void;
  stop(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** An SMTP server on loopback that holds each message's answer `delayMs` before committing it. */
export async function startSlowSmtpSink(
  opts: { delayMs?: number; port?: number } = {},
): Promise<SlowSmtpSink> {
  let delay = opts.delayMs ?? 0;
  let port = opts.port ?? 0;
  const accepted: SinkMail[] = [];
  let abandoned = 0;
  let holding = 0;
  const answersDue = new Map<number, string>();
  const received: { messageId: string; at: number }[] = [];
  let server: SMTPServer | null = null;
  const sockets = new Map<string, Socket>();
  const keyOf = (address: string | undefined, p: number | undefined) => `${address}:${p}`;

  function create(): SMTPServer {
    const smtp = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      hideSTARTTLS: true,
      disableReverseLookup: true,
      logger: false,
      closeTimeout: 50,
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username ?? 'anonymous' });
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          holding++;
          const due = Date.now() + delay + Math.random() / 1000;
          const head = Buffer.concat(chunks).subarray(0, 8192).toString('latin1');
          const messageId = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '';
          answersDue.set(due, messageId);
          received.push({ messageId, at: Date.now() });
          setTimeout(() => {
            holding--;
            answersDue.delete(due);
            const socket = sockets.get(keyOf(session.remoteAddress, session.remotePort));
            if (!socket || socket.destroyed || !socket.writable || socket.readableEnded) {
              abandoned++;
              const gone: SMTPServerError = new Error('client gone');
              gone.responseCode = 451;
              return callback(gone);
            }
            simpleParser(Buffer.concat(chunks)).then(
              (parsed) => {
                accepted.push({
                  messageId: parsed.messageId ?? '',
                  to: session.envelope.rcptTo.map((r) => r.address).join(','),
                  subject: parsed.subject ?? '',
                  at: Date.now(),
                });
                callback(null);
              },
              (error: unknown) => callback(error as Error),
            );
          }, delay);
        });
      },
    });
    smtp.on('error', () => {});
    smtp.server.on('connection', (socket: Socket) => {
      const key = keyOf(socket.remoteAddress, socket.remotePort);
      sockets.set(key, socket);
      socket.once('close', () => sockets.delete(key));
    });
    return smtp;
  }

  async function start() {
    const smtp = create();
    port = await listenOnLoopback(smtp.server, port);
    server = smtp;
  }
  async function stop() {
    const smtp = server;
    server = null;
    if (!smtp) return;
    await new Promise<void>((resolve) => {
      smtp.close(() => resolve());
      for (const socket of sockets.values()) socket.destroy();
      sockets.clear();
    });
  }
  await start();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    accepted,
    get abandoned() {
      return abandoned;
    },
    get holding() {
      return holding;
    },
    nextAnswerInMs() {
      return answersDue.size ? Math.min(...answersDue.keys()) - Date.now() : Infinity;
    },
    received,
    heldIds() {
      return [...answersDue.values()];
    },
    setDelay(ms) {
      delay = ms;
    },
    stop,
    async restart() {
      await stop();
      await start();
    },
    close: stop,
  };
}
