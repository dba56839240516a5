/**
 * Loopback helpers every fake server shares: listen on 127.0.0.1, track sockets so a close ends them,
 * read and parse request bodies.
 */
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';

/** Keeps every open socket of a server so that close() can end them instead of waiting for clients. */
export class SocketTracker {
  readonly sockets = new Set<Socket>();

  constructor(server: NetServer) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  destroyAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
}

/** Listens on 127.0.0.1 (port 0 = any free port) and resolves with the port actually bound. */
export function listenOnLoopback(server: NetServer, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops listening, ends every open connection and resolves once the server has fully closed. */
export function closeServer(server: NetServer, tracker: SocketTracker): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      tracker.destroyAll();
      resolve();
      return;
    }
    server.close(() => resolve());
    if (server instanceof http.Server) server.closeAllConnections();
    tracker.destroyAll();
  });
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Last value wins for repeated keys. */
export function queryRecord(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) out[key] = value;
  return out;
}

/** Parses a request body by its content type: JSON, form-urlencoded (repeated keys become arrays) or text. */
export function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    const out: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const existing = out[key];
      if (existing === undefined) out[key] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else out[key] = [existing, value];
    }
    return out;
  }
  return text;
}
