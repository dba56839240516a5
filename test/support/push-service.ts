/**
 * A loopback stand-in for a browser's push service (RFC 8030), on 127.0.0.1 (reached only with
 * WEBHOOK_ALLOW_PRIVATE_HOSTS=127.0.0.1): `POST /push/{token}` records the request's headers and
 * its raw (encrypted) body and answers 201, as push services do; `answerNext` makes the next
 * pushes get another status (410 Gone: the browser dropped the subscription).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SocketTracker, closeServer, listenOnLoopback, readBody } from './loopback';

export interface ReceivedPush {
  token: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
}

export interface PushService {
  readonly url: string;
  readonly pushes: readonly ReceivedPush[];
  /** a fresh endpoint, as a push service gives a browser */
  newEndpoint(): string;
  pushesTo(endpoint: string): ReceivedPush[];
  answerNext(count: number, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const pushes: ReceivedPush[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    void readBody(req).then((body) => {
      const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404).end();
        return;
      }
      const status = answers.shift() ?? 201;
      pushes.push({ token: match[1]!, headers: req.headers, body, status });
      res.writeHead(status, status === 201 ? { location: `/message/${randomBytes(8).toString('hex')}` } : {});
      res.end();
    });
  });
  const tracker = new SocketTracker(server);
  const port = await listenOnLoopback(server);
  const url = `http://127.0.0.1:${port}`;
  const tokenOf = (endpoint: string) => new URL(endpoint).pathname.split('/').pop()!;
  return {
    url,
    get pushes() {
      return pushes;
    },
    newEndpoint: () => `${url}/push/${randomBytes(24).toString('base64url')}`,
    pushesTo: (endpoint) => pushes.filter((p) => p.token === tokenOf(endpoint)),
    answerNext(count, status) {
      for (let i = 0; i < count; i++) answers.push(status);
    },
    close: () => closeServer(server, tracker),
  };
}
