import net, { type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '#test/support/fault-proxy';
import { listenOnLoopback } from '#test/support/http-fake';
import { startSmtpServer } from '#test/support/smtp-server';

/** Connects and collects what the peer sends; `ended` settles with the error code (or null) on close. */
function connect(port: number) {
  const socket: Socket = net.connect(port, '127.0.0.1');
  let received = '';
  const listeners = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
    for (const l of listeners) l();
  });
  const ended = new Promise<string | null>((resolve) => {
    let code: string | null = null;
    socket.on('error', (err: NodeJS.ErrnoException) => (code = err.code ?? 'ERROR'));
    socket.on('close', () => resolve(code));
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    socket,
    connected,
    ended,
    get received() {
      return received;
    },
    /** Resolves once `text` has arrived, or rejects after `timeoutMs`. */
    waitFor(text: string, timeoutMs = 1000): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!received.includes(text)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`did not receive ${JSON.stringify(text)} (got ${JSON.stringify(received)})`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}

describe('startFaultProxy', () => {
  let echo: net.Server;
  let echoPort: number;
  let proxy: FaultProxy;
  const clients: Socket[] = [];
  const echoSockets = new Set<Socket>();

  beforeEach(async () => {
    echo = net.createServer((socket) => {
      echoSockets.add(socket);
      socket.on('close', () => echoSockets.delete(socket));
      socket.on('error', () => {});
      socket.pipe(socket);
    });
    echoPort = await listenOnLoopback(echo);
    proxy = await startFaultProxy({ target: echoPort });
  });

  afterEach(async () => {
    for (const c of clients.splice(0)) c.destroy();
    await proxy.close();
    await new Promise<void>((resolve) => {
      echo.close(() => resolve());
      for (const s of echoSockets) s.destroy();
    });
  });

  function client() {
    const c = connect(proxy.port);
    clients.push(c.socket);
    return c;
  }

  it('passes bytes both ways', async () => {
    const c = client();
    c.socket.write('hello');
    await c.waitFor('hello');
    expect(proxy.openConnections).toBe(1);
    expect(proxy.totalConnections).toBe(1);
  });

  it('accepts the target as host:port and as an object', async () => {
    const byString = await startFaultProxy({ target: `127.0.0.1:${echoPort}` });
    const byObject = await startFaultProxy({ target: { port: echoPort } });
    try {
      for (const p of [byString, byObject]) {
        const c = connect(p.port);
        clients.push(c.socket);
        c.socket.write('ping');
        await c.waitFor('ping');
      }
    } finally {
      await byString.close();
      await byObject.close();
    }
  });

  it('adds latency in each direction, keeping order', async () => {
    proxy.setLatency(250);
    const c = client();
    await c.connected;
    const started = Date.now();
    c.socket.write('a');
    c.socket.write('b');
    c.socket.write('c');
    await c.waitFor('abc');
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    expect(c.received).toBe('abc');

    proxy.setLatency(0);
    const fast = Date.now();
    c.socket.write('d');
    await c.waitFor('abcd');
    expect(Date.now() - fast).toBeLessThan(200);
  });

  it("'drop' stalls traffic without closing, and 'pass' lets the held data through", async () => {
    const c = client();
    c.socket.write('one');
    await c.waitFor('one');

    proxy.setMode('drop');
    c.socket.write('two');
    await expect(c.waitFor('two', 150)).rejects.toThrow(/did not receive/);

    const late = client();
    late.socket.write('three');
    await expect(late.waitFor('three', 150)).rejects.toThrow(/did not receive/);

    proxy.setMode('pass');
    await c.waitFor('onetwo');
    await late.waitFor('three');
  });

  it("'reset' resets open connections and every new one", async () => {
    const open = client();
    open.socket.write('x');
    await open.waitFor('x');

    proxy.setMode('reset');
    expect(await open.ended).toBe('ECONNRESET');

    const fresh = client();
    expect(await fresh.ended).toBe('ECONNRESET');

    proxy.setMode('pass');
    const again = client();
    again.socket.write('back');
    await again.waitFor('back');
  });

  it('cutAll resets the connections open now and keeps accepting', async () => {
    const open = client();
    open.socket.write('x');
    await open.waitFor('x');

    proxy.cutAll();
    expect(await open.ended).toBe('ECONNRESET');
    expect(proxy.openConnections).toBe(0);

    const next = client();
    next.socket.write('y');
    await next.waitFor('y');
  });

  it('stop() refuses connections and restart() listens on the same port', async () => {
    const port = proxy.port;
    await proxy.stop();
    expect(await client().ended).toBe('ECONNREFUSED');

    await proxy.restart();
    expect(proxy.port).toBe(port);
    const c = client();
    c.socket.write('z');
    await c.waitFor('z');
  });

  it('resets the client when the target is down', async () => {
    await new Promise<void>((resolve) => echo.close(() => resolve()));
    const c = client();
    expect(await c.ended).toBe('ECONNRESET');
    echo = net.createServer();
  });

  it('makes a real SMTP client time out while dropping, and recovers after', async () => {
    const smtp = await startSmtpServer();
    const mailProxy = await startFaultProxy({ target: smtp.port });
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: mailProxy.port,
      secure: false,
      ignoreTLS: true,
      connectionTimeout: 300,
      greetingTimeout: 300,
      socketTimeout: 300,
    });
    const mail = { from: 'a@lexwatch.test', to: 'b@example.test', subject: 'through proxy', text: 'x' };
    try {
      mailProxy.setMode('drop');
      await expect(transport.sendMail(mail)).rejects.toMatchObject({
        code: expect.stringMatching(/ETIMEDOUT|ECONNECTION/),
      });

      mailProxy.setMode('pass');
      await transport.sendMail(mail);
      expect(smtp.messages.map((m) => m.subject)).toEqual(['through proxy']);
    } finally {
      transport.close();
      await mailProxy.close();
      await smtp.close();
    }
  });

  it('closes promptly with connections open', async () => {
    const c = client();
    c.socket.write('x');
    await c.waitFor('x');
    const started = Date.now();
    await proxy.close();
    expect(Date.now() - started).toBeLessThan(500);
    expect(await c.ended).not.toBe('ECONNREFUSED');
  });
});
