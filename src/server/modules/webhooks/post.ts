/**
 * Posts a JSON payload to a team-chat webhook. The connection's own DNS lookup checks every
 * address it would use (destination.ts), so the address connected to is the one checked: a host
 * that re-resolves to a private address between the member's check and the send is refused.
 * Errors never carry the URL (it is a secret); `permanent` marks answers not worth retrying
 * (4xx other than 408 and 429, or a refused destination).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkAddresses, parseWebhookUrl, WebhookDestinationError } from './destination';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 16 * 1024;

export class WebhookSendError extends Error {
  constructor(
    message: string,
    public readonly permanent: boolean,
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
  opts: { allowPrivate: readonly string[]; timeoutMs?: number },
): Promise<{ status: number }> {
  let url: URL;
  try {
    url = parseWebhookUrl(rawUrl, opts.allowPrivate);
    // a literal address skips the lookup below: check it here
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) checkAddresses(host, [host], opts.allowPrivate);
  } catch (error) {
    throw new WebhookSendError(`destination refused: ${(error as Error).message}`, true);
  }
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(body.length),
          'user-agent': 'Lexwatch-Webhook/1.0',
        },
        lookup: guardedLookup(opts.allowPrivate),
        timeout: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (answer.length < MAX_ANSWER_BYTES) answer += chunk;
        });
        res.on('end', () => {
          if (status >= 200 && status < 300) return resolve({ status });
          const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
          const reason = answer.replace(/\s+/g, ' ').trim().slice(0, 120);
          reject(new WebhookSendError(`webhook answered ${status}${reason ? `: ${reason}` : ''}`, permanent));
        });
        res.on('error', (error) =>
          reject(new WebhookSendError(`webhook answer broke off: ${error.message}`, false)),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => {
      if (error instanceof WebhookDestinationError)
        reject(new WebhookSendError(`destination refused: ${error.message}`, true));
      else
        reject(
          new WebhookSendError(
            `webhook unreachable: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
            false,
          ),
        );
    });
    req.end(body);
  });
}
