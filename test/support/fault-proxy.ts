/**
 * A TCP proxy on 127.0.0.1 that sits between the service and a dependency (database, SMTP server, HTTP
 * fake) and can make the link slow or broken:
 *
 *   - `setLatency(ms)`: delays every chunk in both directions (order is kept);
 *   - `setMode('drop')`: a stall, like a network partition: connections stay open and new ones are
 *     accepted, but nothing gets through until the mode goes back to 'pass' (then held data flows on);
 *   - `setMode('reset')`: open connections and every new one are reset (ECONNRESET);
 *   - `cutAll()`: resets the connections open now, keeps accepting new ones;
 *   - `stop()` / `restart()`: stops listening (ECONNREFUSED) and listens again on the same port.
 */
import net, { type Socket } from 'node:net';
import { listenOnLoopback } from './loopback';

export type ProxyMode = 'pass' | 'drop' | 'reset';

export interface FaultProxy {
  readonly host: string;
  readonly port: number;
  readonly mode: ProxyMode;
  /** Connections open now. */
  readonly openConnections: number;
  /** Connections accepted since start. */
  readonly totalConnections: number;
  setLatency(ms: number): void;
  setMode(mode: ProxyMode): void;
  cutAll(): void;
  stop(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export type ProxyTarget = number | string | { host?: string; port: number };

interface Link {
  client: Socket;
  upstream: Socket | null;
  timers: Set<NodeJS.Timeout>;
}

function parseTarget(target: ProxyTarget): { host: string; port: number } {
  if (typeof target === 'number') return { host: '127.0.0.1', port: target };
  if (typeof target === 'string') {
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? new URL(target) : new URL(`tcp://${target}`);
    return { host: url.hostname || '127.0.0.1', port: Number(url.port) };
  }
  return { host: target.host ?? '127.0.0.1', port: target.port };
}

function hardReset(socket: Socket | null): void {
  if (!socket || socket.destroyed) return;
  if (socket.connecting || socket.readyState === 'opening') socket.destroy();
  else socket.resetAndDestroy();
}

export async function startFaultProxy(options: {
  target: ProxyTarget;
  port?: number;
  latencyMs?: number;
}): Promise<FaultProxy> {
  const target = parseTarget(options.target);
  let latency = options.latencyMs ?? 0;
  let mode: ProxyMode = 'pass';
  let port = options.port ?? 0;
  let total = 0;
  const links = new Set<Link>();
  let server: net.Server | null = null;

  /** Copies src to dst, delayed by the current latency, keeping chunk order. */
  function relay(link: Link, src: Socket, dst: Socket): void {
    const queue: { due: number; chunk: Buffer }[] = [];
    let timer: NodeJS.Timeout | null = null;
    let ended = false;
    const flush = () => {
      if (timer) link.timers.delete(timer);
      timer = null;
      const now = Date.now();
      while (queue.length > 0 && queue[0]!.due <= now) {
        if (!dst.destroyed) dst.write(queue.shift()!.chunk);
        else queue.shift();
      }
      if (queue.length > 0) {
        timer = setTimeout(flush, queue[0]!.due - now);
        link.timers.add(timer);
      } else if (ended && !dst.destroyed) {
        dst.end();
      }
    };
    src.on('data', (chunk: Buffer) => {
      if (latency <= 0 && queue.length === 0) {
        if (!dst.destroyed) dst.write(chunk);
        return;
      }
      queue.push({ due: Date.now() + latency, chunk });
      if (!timer) {
        timer = setTimeout(flush, Math.max(0, queue[0]!.due - Date.now()));
        link.timers.add(timer);
      }
    });
    src.on('end', () => {
      ended = true;
      if (queue.length === 0 && !dst.destroyed) dst.end();
    });
  }

  function drop(link: Link): void {
    if (!links.delete(link)) return;
    for (const timer of link.timers) clearTimeout(timer);
    link.timers.clear();
  }

  function connectUpstream(link: Link): void {
    const upstream = net.connect(target.port, target.host);
    link.upstream = upstream;
    upstream.on('error', () => {
      hardReset(link.client);
      drop(link);
    });
    upstream.on('close', () => {
      if (!link.client.destroyed) link.client.destroy();
      drop(link);
    });
    upstream.on('connect', () => {
      relay(link, link.client, upstream);
      relay(link, upstream, link.client);
      if (mode === 'pass') link.client.resume();
      else upstream.pause();
    });
  }

  function onConnection(client: Socket): void {
    total++;
    if (mode === 'reset') {
      client.on('error', () => {});
      client.resetAndDestroy();
      return;
    }
    const link: Link = { client, upstream: null, timers: new Set() };
    links.add(link);
    client.pause();
    client.on('error', () => {
      hardReset(link.upstream);
      drop(link);
    });
    client.on('close', () => {
      if (link.upstream && !link.upstream.destroyed) link.upstream.destroy();
      drop(link);
    });
    if (mode === 'pass') connectUpstream(link);
  }

  async function start(): Promise<void> {
    const s = net.createServer({ pauseOnConnect: true }, onConnection);
    port = await listenOnLoopback(s, port);
    server = s;
  }

  function cutAll(): void {
    for (const link of [...links]) {
      hardReset(link.client);
      hardReset(link.upstream);
      drop(link);
    }
  }

  async function stop(): Promise<void> {
    const s = server;
    server = null;
    if (!s) return;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    cutAll();
    await closed;
  }

  await start();

  return {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    get mode() {
      return mode;
    },
    get openConnections() {
      return links.size;
    },
    get totalConnections() {
      return total;
    },
    setLatency(ms) {
      latency = Math.max(0, ms);
    },
    setMode(next) {
      mode = next;
      for (const link of [...links]) {
        if (next === 'reset') {
          hardReset(link.client);
          hardReset(link.upstream);
          drop(link);
        } else if (next === 'drop') {
          link.client.pause();
          link.upstream?.pause();
        } else if (link.upstream) {
          if (!link.upstream.connecting) {
            link.client.resume();
            link.upstream.resume();
          }
        } else {
          connectUpstream(link);
        }
      }
    },
    cutAll,
    stop,
    async restart() {
      await stop();
      await start();
    },
    async close() {
      await stop();
    },
  };
}
