/**
 * GET /api/notifications/stream: Server-Sent Events for the signed-in member. Each new
 * notification arrives as `event: notification` with its id (so a reconnecting browser sends
 * Last-Event-ID and misses nothing) and the notification's JSON; a comment line every 25 s
 * keeps proxies from closing an idle stream. Streams end when the client goes or the server
 * closes.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '#server/plugins/session';
import type { Notification } from '#shared/schemas/notifications';
import { NotificationHub } from './notification-hub';

export const HEARTBEAT_MS = 25_000;
const RECONNECT_MS = 3000;

function lastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[0-9]{1,15}$/.test(value) ? Number(value) : null;
}

export function registerNotificationStream(app: FastifyInstance): void {
  const { config, database } = app.deps;
  const hub = new NotificationHub(app.db, { listenUrl: config.embeddedDatabase ? null : database.url, log: app.log });
  const open = new Set<() => void>();

  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => hub.close());

  app.get('/api/notifications/stream', async (request, reply) => {
    const user = requireUser(request);
    const res = reply.raw;
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // the connection is this stream's alone: when the stream ends, so does the connection
      connection: 'close',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    res.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);

    let ended = false;
    let unsubscribe: (() => void) | null = null;
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe?.();
      open.delete(end);
      res.end();
    };
    open.add(end);
    res.on('close', end);
    res.on('error', end);

    const send = (n: Notification) => {
      if (!ended) res.write(`id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
    };
    try {
      const stop = await hub.subscribe(user.id, lastEventId(request.headers['last-event-id']), send);
      if (ended) stop();
      else unsubscribe = stop;
    } catch (error) {
      request.log.warn({ err: error }, 'opening a notification stream failed');
      end();
    }
  });
}
