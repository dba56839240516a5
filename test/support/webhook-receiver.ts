/**
 * A loopback stand-in for Slack and Microsoft Teams incoming webhooks, and for a program's own
 * endpoint receiving generic (signed) events (on 127.0.0.1, reached only with
 * WEBHOOK_ALLOW_PRIVATE_HOSTS=127.0.0.1). Each hook has its own secret path; Slack answers
 * `ok` as text, Teams `1`, as the real services do, a program 204. Slack's checks: a JSON body
 * with `text` or `blocks` (else 400 `no_text`); Teams': an object with a `@type` or `type`
 * (else 400); a program's: JSON. A post keeps its raw body, so a test can check its signature.
 */
import { randomBytes } from 'node:crypto';
import { startHttpFake, type FakeRequest, type HttpFake } from './http-fake';

type ReceiverKind = 'slack' | 'teams' | 'generic';

export interface WebhookPost {
  kind: ReceiverKind;
  token: string;
  body: Record<string, unknown>;
  request: FakeRequest;
}

export interface WebhookReceiver {
  readonly http: HttpFake;
  readonly posts: readonly WebhookPost[];
  /** a fresh hook URL of this kind, e.g. http://127.0.0.1:1234/services/T0/B0/abc… */
  newUrl(kind: ReceiverKind): string;
  postsTo(url: string): WebhookPost[];
  /** The next `count` posts get `status` without being recorded as posts. */
  failNext(count: number, status?: number): void;
  waitForPost(predicate: (p: WebhookPost) => boolean, timeoutMs?: number): Promise<WebhookPost>;
  clear(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const http = await startHttpFake();
  const posts: WebhookPost[] = [];
  const record = (kind: ReceiverKind, req: FakeRequest, token: string) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    posts.push({ kind, token, body, request: req });
  };
  http.on('POST', '/services/:team/:bot/:token', (req) => {
    if (!/application\/json/i.test(req.headers['content-type'] ?? ''))
      return { status: 400, text: 'invalid_payload' };
    const body = req.body as Record<string, unknown> | undefined;
    if (!body || (typeof body.text !== 'string' && !Array.isArray(body.blocks)))
      return { status: 400, text: 'no_text' };
    record('slack', req, req.params.token!);
    return { status: 200, text: 'ok' };
  });
  http.on('POST', '/webhookb2/:token/IncomingWebhook/:a/:b', (req) => {
    const body = req.body as Record<string, unknown> | undefined;
    if (!body || (typeof body['@type'] !== 'string' && typeof body.type !== 'string'))
      return { status: 400, text: 'Bad payload received by generic incoming webhook.' };
    record('teams', req, req.params.token!);
    return { status: 200, text: '1' };
  });
  http.on('POST', '/hooks/:token', (req) => {
    if (!/application\/json/i.test(req.headers['content-type'] ?? '')) return { status: 415, text: '' };
    record('generic', req, req.params.token!);
    return { status: 204 };
  });
  const tokenOf = (url: string) => {
    const path = new URL(url).pathname.split('/');
    return path[1] === 'services' ? path[4]! : path[2]!;
  };
  return {
    http,
    get posts() {
      return posts;
    },
    newUrl(kind) {
      const token = randomBytes(12).toString('hex');
      if (kind === 'generic') return `${http.url}/hooks/${token}`;
      return kind === 'slack'
        ? `${http.url}/services/T0LEX/B0LEX/${token}`
        : `${http.url}/webhookb2/${token}/IncomingWebhook/${randomBytes(16).toString('hex')}/${randomBytes(8).toString('hex')}`;
    },
    postsTo(url) {
      const token = tokenOf(url);
      return posts.filter((p) => p.token === token);
    },
    failNext(count, status = 500) {
      http.failNext(count, status);
    },
    async waitForPost(predicate, timeoutMs = 5000) {
      const found = posts.find(predicate);
      if (found) return found;
      await http.waitForRequest(() => posts.some(predicate), timeoutMs).catch(() => undefined);
      const later = posts.find(predicate);
      if (!later) throw new Error(`No matching webhook post within ${timeoutMs} ms`);
      return later;
    },
    clear() {
      posts.length = 0;
      http.clearRequests();
    },
    async close() {
      await http.close();
    },
  };
}
