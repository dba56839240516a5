/**
 * Posts a JSON payload to a webhook (and, through postBytes, a push message to a push service). The connection's own DNS lookup checks every
 * address it would use (webhook-destination.ts), so the address connected to is the one checked: a host
 * that re-resolves to a private address between the member's check and the send is refused.
 * Errors never carry the URL (it is a secret); `permanent` marks answers not worth retrying
 * (4xx other than 408 and 429, or a refused destination).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkAddresses, parseWebhookUrl, WebhookDestinationError } from './webhook-destination';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 16 * 1024;

export class WebhookSendError extends Error {
  constructor(
    message: string,
    public readonly permanent: boolean,
    /** the HTTP status answered, when there was an answer */
    public readonly status = 0,
  ) {
    super(message);
    this.name = 'WebhookSendError';
  }
}

function guardedLookup(allowPrivate: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as unknown as LookupAddress[];
      try {
        checkAddresses(
          hostname,
          addresses.map((a) => a.address),
          allowPrivate,
        );
      } catch (refused) {
        return callback(refused as Error, '', 0);
      }
      if ((options as { all?: boolean }).all) return callback(null, addresses as never);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Resolves with the HTTP status on 2xx; throws WebhookSendError otherwise. */
export async function postWebhook(
  rawUrl: string,
  payload: unknown,
  opts: { allowPrivate: readonly string[]; timeoutMs?: number; headers?: Record<string, string> },
): Promise<{ status: number }> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return postBytes(rawUrl, Buffer.from(body, 'utf8'), {
    ...opts,
    headers: { 'content-type': 'application/json; charset=utf-8', ...opts.headers },
  });
}

/**
 * Posts `body` with `headers` to a checked destination; `label` names the far end in errors
 * ("webhook", "push service").
 */
export async function postBytes(
  rawUrl: string,
  body: Buffer,
  opts: {
    allowPrivate: readonly string[];
    timeoutMs?: number;
    headers: Record<string, string>;
    label?: string;
  },
): Promise<{ status: number }> {
  const label = opts.label ?? 'webhook';
  let url: URL;
  try {
    url = parseWebhookUrl(rawUrl, opts.allowPrivate);
    // a literal address skips the lookup below: check it here
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) checkAddresses(host, [host], opts.allowPrivate);
  } catch (error) {
    throw new WebhookSendError(`destination refused: ${(error as Error).message}`, true);
  }
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: WebhookSendError | null, status = 0) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve({ status });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...opts.headers,
          'content-length': String(body.length),
          'user-agent': 'Lexwatch-Webhook/1.0',
        },
        lookup: guardedLookup(opts.allowPrivate),
        timeout: timeoutMs,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let answer = '';
        const done = () => {
          if (status >= 200 && status < 300) return finish(null, status);
          const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
          const reason = answer.replace(/\s+/g, ' ').trim().slice(0, 120);
          finish(
            new WebhookSendError(
              `${label} answered ${status}${reason ? `: ${reason}` : ''}`,
              permanent,
              status,
            ),
          );
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          answer += chunk;
          // a long answer is not read to its end: the status says enough
          if (answer.length >= MAX_ANSWER_BYTES) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', (error) =>
          finish(new WebhookSendError(`${label} answer broke off: ${error.message}`, false)),
        );
      },
    );
    // the socket's idle timeout above, and a deadline for the whole exchange (a slow trickle)
    const deadline = setTimeout(() => req.destroy(new Error('timed out')), timeoutMs);
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => {
      if (error instanceof WebhookDestinationError)
        finish(new WebhookSendError(`destination refused: ${error.message}`, true));
      else
        finish(
          new WebhookSendError(
            `${label} unreachable: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
            false,
          ),
        );
    });
    req.end(body);
  });
}
