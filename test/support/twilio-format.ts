/** Twilio's formats: API version, message resources, segments, signatures and errors. */
import { createHmac } from 'node:crypto';
import type { FakeResponse } from './http-fake-types';

export const TWILIO_API_VERSION = '2010-04-01';

export type SmsStatus = 'accepted' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

export interface SmsMessage {
  sid: string;
  accountSid: string;
  to: string;
  /** null when sent through a Messaging Service without a From number. */
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  status: SmsStatus;
  numSegments: number;
  statusCallback: string | null;
  dateCreated: Date;
  /** Every form field as received. */
  params: Record<string, string>;
}

export const E164 = /^\+[1-9]\d{1,14}$/;
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** Number of SMS segments Twilio would bill for this body (GSM-7: 160/153 per part, UCS-2: 70/67). */
export function countSegments(body: string): number {
  const chars = [...body];
  const gsm = chars.every((c) => GSM7.includes(c) || GSM7_EXTENDED.includes(c));
  if (gsm) {
    const units = chars.reduce((n, c) => n + (GSM7_EXTENDED.includes(c) ? 2 : 1), 0);
    return units <= 160 ? 1 : Math.ceil(units / 153);
  }
  const units = body.length; // UTF-16 code units
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** Twilio's request signature: base64 HMAC-SHA1 of the URL followed by the sorted POST params. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function twilioError(status: number, code: number, message: string): FakeResponse {
  return {
    status,
    json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

export function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

export function formParams(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
      else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[v.length - 1] as string;
    }
  }
  return out;
}
