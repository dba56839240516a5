/**
 * A Twilio-compatible SMS API on 127.0.0.1 (Programmable Messaging, API version 2010-04-01).
 *
 *   POST {url}/2010-04-01/Accounts/{AccountSid}/Messages.json   (HTTP Basic AccountSid:AuthToken, form body)
 *   GET  {url}/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json
 *
 * Errors use Twilio's JSON shape `{ code, message, more_info, status }`. `deliver()` moves a message on and,
 * when it was sent with a StatusCallback, posts a signed status callback (X-Twilio-Signature) to that URL.
 */
import { randomBytes } from 'node:crypto';
import { startHttpFake, type FakeRequest, type FakeResponse, type HttpFake } from './http-fake';
import {
  E164,
  TWILIO_API_VERSION,
  countSegments,
  formParams,
  rfc2822,
  twilioError,
  twilioSignature,
  type SmsMessage,
  type SmsStatus,
} from './twilio-format';

export {
  TWILIO_API_VERSION,
  countSegments,
  twilioSignature,
  type SmsMessage,
  type SmsStatus,
} from './twilio-format';

export interface SmsFake {
  readonly url: string;
  readonly port: number;
  readonly accountSid: string;
  readonly authToken: string;
  /** Accepted messages, in order. */
  readonly messages: readonly SmsMessage[];
  /** Every HTTP request received, including rejected ones. */
  readonly requests: readonly FakeRequest[];
  waitForMessage(predicate?: (m: SmsMessage) => boolean, timeoutMs?: number): Promise<SmsMessage>;
  /** While down, every request gets 503. */
  setDown(down: boolean): void;
  /** The next `count` requests fail with `status` (default 500) in Twilio's error shape. */
  failNext(count: number, status?: number): void;
  /** Sending to this number fails with a Twilio error (default 21610: the recipient replied STOP). */
  blockRecipient(number: string, code?: number, message?: string): void;
  /**
   * Sets a message's status and, if it had a StatusCallback, POSTs the callback (signed with the auth token)
   * and resolves with the callback's HTTP status; resolves null when there is no callback.
   */
  deliver(sid: string, status?: SmsStatus, errorCode?: number): Promise<number | null>;
  clear(): void;
  close(): Promise<void>;
}

export async function startSmsFake(options: {
  accountSid: string;
  authToken: string;
  port?: number;
}): Promise<SmsFake> {
  const { accountSid, authToken } = options;
  const http: HttpFake = await startHttpFake({ port: options.port });
  let messages: SmsMessage[] = [];
  let down = false;
  let failCount = 0;
  let failStatus = 500;
  const blocked = new Map<string, { code: number; message: string }>();
  const waiters = new Set<{ check: () => boolean; fail: (err: Error) => void }>();

  const messageUri = (sid: string) => `/${TWILIO_API_VERSION}/Accounts/${accountSid}/Messages/${sid}.json`;

  function resource(m: SmsMessage, errorCode: number | null = null) {
    return {
      account_sid: m.accountSid,
      api_version: TWILIO_API_VERSION,
      body: m.body,
      date_created: rfc2822(m.dateCreated),
      date_sent: null,
      date_updated: rfc2822(m.dateCreated),
      direction: 'outbound-api',
      error_code: errorCode,
      error_message: null,
      from: m.from,
      messaging_service_sid: m.messagingServiceSid,
      num_media: '0',
      num_segments: String(m.numSegments),
      price: null,
      price_unit: 'USD',
      sid: m.sid,
      status: m.status,
      subresource_uris: { media: messageUri(m.sid).replace(/\.json$/, '/Media.json') },
      to: m.to,
      uri: messageUri(m.sid),
    };
  }

  /** Common checks; returns an error response or null. */
  function gate(req: FakeRequest): FakeResponse | null {
    if (down) return twilioError(503, 20503, 'Service Unavailable');
    if (failCount > 0) {
      failCount--;
      return twilioError(failStatus, failStatus === 429 ? 20429 : 20500, 'Internal Server Error');
    }
    const auth = req.headers.authorization ?? '';
    const m = /^Basic\s+(.+)$/i.exec(auth);
    const [user, pass] = m ? Buffer.from(m[1]!, 'base64').toString('utf8').split(/:(.*)/s) : [];
    if (user !== accountSid || pass !== authToken) {
      const res = twilioError(401, 20003, 'Authenticate');
      res.headers = { 'www-authenticate': 'Basic realm="Twilio API"' };
      return res;
    }
    if (req.params.accountSid !== accountSid) {
      return twilioError(404, 20404, `The requested resource ${req.path} was not found`);
    }
    return null;
  }

  http.on('POST', `/${TWILIO_API_VERSION}/Accounts/:accountSid/Messages.json`, (req) => {
    const rejected = gate(req);
    if (rejected) return rejected;
    // Twilio reads form fields only; a JSON body arrives as no parameters at all.
    const isForm = /application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '');
    const params = isForm ? formParams(req.body) : {};
    const to = params.To;
    const from = params.From;
    const service = params.MessagingServiceSid;
    const body = params.Body;
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!from && !service) return twilioError(400, 21603, "A 'From' phone number is required.");
    if (from && !E164.test(from)) return twilioError(400, 21212, `Invalid From Number (caller ID): ${from}`);
    if (service && !/^MG[0-9a-f]{32}$/.test(service)) {
      return twilioError(400, 21701, `The Messaging Service Sid ${service} is invalid.`);
    }
    if (body === undefined || body === '') return twilioError(400, 21602, 'Message body is required.');
    if (body.length > 1600) {
      return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    }
    const block = blocked.get(to);
    if (block) return twilioError(400, block.code, block.message);

    const message: SmsMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      accountSid,
      to,
      from: from ?? null,
      messagingServiceSid: service ?? null,
      body,
      // Twilio answers 'accepted' when a Messaging Service picks the sender, 'queued' otherwise.
      status: from ? 'queued' : 'accepted',
      numSegments: countSegments(body),
      statusCallback: params.StatusCallback ?? null,
      dateCreated: new Date(),
      params,
    };
    messages.push(message);
    for (const waiter of [...waiters]) if (waiter.check()) waiters.delete(waiter);
    return { status: 201, json: resource(message) };
  });

  // the account's own record: what a health probe reads (a cheap call that needs the credentials)
  http.on('GET', `/${TWILIO_API_VERSION}/Accounts/:accountSid.json`, (req) => {
    const rejected = gate(req);
    if (rejected) return rejected;
    return {
      status: 200,
      json: { sid: accountSid, friendly_name: 'Lexwatch test account', status: 'active', type: 'Full' },
    };
  });

  http.on('GET', `/${TWILIO_API_VERSION}/Accounts/:accountSid/Messages/:sid.json`, (req) => {
    const rejected = gate(req);
    if (rejected) return rejected;
    const message = messages.find((m) => m.sid === req.params.sid);
    if (!message) return twilioError(404, 20404, `The requested resource ${req.path} was not found`);
    return { status: 200, json: resource(message) };
  });

  return {
    url: http.url,
    port: http.port,
    accountSid,
    authToken,
    get messages() {
      return messages;
    },
    get requests() {
      return http.requests;
    },
    waitForMessage(predicate = () => true, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching SMS within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        const waiter = {
          check: () => {
            const m = messages.find(predicate);
            if (!m) return false;
            clearTimeout(timer);
            resolve(m);
            return true;
          },
          fail: (err: Error) => {
            clearTimeout(timer);
            reject(err);
          },
        };
        waiters.add(waiter);
      });
    },
    setDown(value) {
      down = value;
    },
    failNext(count, status = 500) {
      failCount = count;
      failStatus = status;
    },
    blockRecipient(number, code = 21610, message = 'Attempt to send to unsubscribed recipient') {
      blocked.set(number, { code, message });
    },
    async deliver(sid, status = 'delivered', errorCode) {
      const message = messages.find((m) => m.sid === sid);
      if (!message) throw new Error(`Unknown message ${sid}`);
      message.status = status;
      if (!message.statusCallback) return null;
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: TWILIO_API_VERSION,
        From: message.from ?? '',
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: message.to,
      };
      if (message.messagingServiceSid) params.MessagingServiceSid = message.messagingServiceSid;
      if (errorCode !== undefined) params.ErrorCode = String(errorCode);
      const res = await fetch(message.statusCallback, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(authToken, message.statusCallback, params),
          'user-agent': 'TwilioProxy/1.1',
        },
        body: new URLSearchParams(params).toString(),
      });
      await res.arrayBuffer();
      return res.status;
    },
    clear() {
      messages = [];
      http.clearRequests();
    },
    async close() {
      for (const waiter of waiters) waiter.fail(new Error('SMS fake closed'));
      waiters.clear();
      await http.close();
    },
  };
}
