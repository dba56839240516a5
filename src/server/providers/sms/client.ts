/**
 * SMS through a Twilio-compatible Messages API:
 *   POST {SMS_API_URL}/2010-04-01/Accounts/{SID}/Messages.json  (Basic SID:token, form To/From/Body)
 * With the four SMS settings unset there is no client and messages stay in the outbox.
 */
import type { Config } from '#server/config/config';

export interface SmsClient {
  /** the API host, without credentials */
  readonly describe: string;
  send(message: { to: string; body: string }): Promise<{ sid: string }>;
}

/** A failed send; `permanent` when the API refused this message for good (4xx other than 429). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    public readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

const TIMEOUT_MS = 10_000;

export function createSmsClient(
  config: Pick<Config, 'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM'>,
  fetchImpl: typeof fetch = fetch,
): SmsClient | null {
  const { SMS_API_URL: base, SMS_ACCOUNT_SID: sid, SMS_AUTH_TOKEN: token, SMS_FROM: from } = config;
  if (!base || !sid || !token || !from) return null;
  const url = `${base.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  return {
    describe: new URL(base).host,
    async send({ to, body }) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: from, Body: body }).toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsSendError(`SMS API unreachable: ${(error as Error).name}`, false);
      }
      const text = await response.text().catch(() => '');
      let json: { sid?: unknown; code?: unknown; message?: unknown } = {};
      try {
        json = JSON.parse(text) as typeof json;
      } catch {}
      if (response.ok && typeof json.sid === 'string') return { sid: json.sid };
      const detail = [response.status, json.code].filter(Boolean).join(' ');
      const reason = typeof json.message === 'string' ? json.message.slice(0, 200) : response.statusText;
      const permanent =
        response.status >= 400 && response.status < 500 && response.status !== 429 && response.status !== 401;
      throw new SmsSendError(`SMS API ${detail}: ${reason}`, permanent);
    },
  };
}
