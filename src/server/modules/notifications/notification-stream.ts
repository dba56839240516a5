/**
 * GET /api/notifications/stream: Server-Sent Events for the signed-in member. Each new
 * notification arrives as `event: notification` with its id (so a reconnecting browser sends
 * Last-Event-ID and misses nothing) and the notification's JSON.
 *
 * One timer serves every open stream: each tick (15 s) writes a comment line that keeps proxies
 * from closing an idle stream, then one query checks that the sessions behind all open streams
 * still exist and have not expired. A stream ends with its session: signed out, ended from the
 * sessions list, every session ended by a password reset, or expired. A sign-out ends the streams
 * at once: in this app by the session plugin's signal, in other processes by a NOTIFY on
 * PostgreSQL (and at the latest at the next tick).
 * Streams also end when the client goes, stops reading, or the server closes (with a `retry:`
 * hint first, so the browser reconnects after a moment).
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { memberOnly, requireUser } from '#server/plugins/session';
import type { Notification } from '#shared/schemas/notifications';
import { NotificationHub } from './notification-hub';
import { SESSIONS_CHANNEL } from './notifier';
import { liveSessionIds, sendSignal } from './signals.queries';

export const HEARTBEAT_MS = 15_000;
/** Read when the app is built: tests shorten the heartbeat (and so the session re-check) here. */
const RECONNECT_MS = 3000;
/** A client this far behind has stopped reading: its stream ends instead of buffering more. */
const MAX_BUFFERED_BYTES = 256 * 1024;

interface OpenStream {
  sessionId: string;
  write(chunk: string): void;
  end(): void;
}

function lastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[0-9]{1,15}$/.test(value) ? Number(value) : null;
}

/** Starts the event stream on a hijacked response; `onEnd` runs once, however it ends. */
function startStream(
  res: ServerResponse,
  sessionId: string,
  requestId: string,
  onEnd: (stream: OpenStream) => void,
): OpenStream {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // the connection is this stream's alone: when the stream ends, so does the connection
    connection: 'close',
    'x-accel-buffering': 'no',
    'x-request-id': requestId,
  });
  res.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
  let ended = false;
  const stream: OpenStream = {
    sessionId,
    write(chunk) {
      if (ended) return;
      if (res.writableLength <= MAX_BUFFERED_BYTES) {
        res.write(chunk);
        return;
      }
      stream.end();
      res.destroy();
    },
    end() {
      if (ended) return;
      ended = true;
      onEnd(stream);
      res.end();
    },
  };
  res.on('close', stream.end);
  res.on('error', stream.end);
  return stream;
}

export function registerNotificationStream(app: FastifyInstance): void {
  const { config, database } = app.deps;
  const heartbeatMs = app.deps.notificationHeartbeatMs ?? HEARTBEAT_MS;
  const hub = new NotificationHub(app.db, {
    listenUrl: config.embeddedDatabase ? null : database.url,
    log: app.log,
    notifier: app.caches.notifier,
    onSessionsChanged: () => checkSessions(),
  });
  const open = new Map<OpenStream, () => void>();
  let ticker: NodeJS.Timeout | null = null;
  let checking: Promise<void> | null = null;
  let checkAgain = false;

  /** Ends the streams whose session has ended; calls that arrive during a check coalesce into one more. */
  const checkSessions = (): void => {
    if (checking) {
      checkAgain = true;
      return;
    }
    if (!open.size) return;
    const streams = [...open.keys()];
    checking = liveSessionIds(app.db, { ids: [...new Set(streams.map((s) => s.sessionId))] })
      .then((live) => {
        const gone = streams.filter((s) => !live.has(s.sessionId));
        for (const s of gone) s.end();
        if (gone.length)
          app.log.debug({ streams: gone.length }, 'notification streams ended with their sessions');
      })
      .catch((error) => app.log.warn({ err: error }, 'checking the sessions of notification streams failed'))
      .finally(() => {
        checking = null;
        if (checkAgain) {
          checkAgain = false;
          checkSessions();
        }
      });
  };

  const tick = () => {
    for (const stream of open.keys()) stream.write(': heartbeat\n\n');
    checkSessions();
  };

  // a sign-out here ends this process's streams at once, and (on PostgreSQL) tells the other
  // web processes to check theirs, so a stream anywhere ends within moments of its session
  const stopSessionSignal = app.caches.sessionChanges.subscribe(() => {
    checkSessions();
    if (!config.embeddedDatabase)
      sendSignal(app.db, SESSIONS_CHANNEL, '').catch((error: unknown) =>
        app.log.warn({ err: error }, 'telling other processes of ended sessions failed'),
      );
  });
  app.addHook('preClose', async () => {
    // the server is stopping: each browser is told when to come back (spread out, so a crowd
    // does not reconnect at once), then reconnects to another process or this one restarted,
    // sending Last-Event-ID, so nothing is missed
    for (const stream of [...open.keys()]) {
      stream.write(
        `retry: ${RECONNECT_MS + Math.floor(Math.random() * RECONNECT_MS)}\n: server stopping\n\n`,
      );
      stream.end();
    }
  });
  app.addHook('onClose', async () => {
    stopSessionSignal();
    if (ticker) clearInterval(ticker);
    await checking;
    await hub.close();
  });

  const ended = (stream: OpenStream) => {
    open.get(stream)?.();
    open.delete(stream);
    if (!open.size && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
  };

  app.get('/api/notifications/stream', { onRequest: memberOnly }, async (request, reply) => {
    const user = requireUser(request);
    // fixed before the answer starts: the browser re-reads its list when the stream opens, and
    // everything after this point comes on the stream, so nothing falls between the two
    const cursor = await hub.startingPoint(user.id, lastEventId(request.headers['last-event-id']));
    reply.hijack();
    // the browser left while the starting point was read: nothing to start
    if (reply.raw.socket?.destroyed !== false) return void reply.raw.destroy();
    const stream = startStream(reply.raw, user.sessionId, request.id, ended);
    ticker ??= setInterval(tick, heartbeatMs);
    const send = (n: Notification) =>
      stream.write(`id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
    open.set(stream, hub.subscribe(user.id, cursor, send));
  });
}
