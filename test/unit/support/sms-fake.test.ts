import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpFake, type HttpFake } from '#test/support/http-fake';
import { countSegments, startSmsFake, twilioSignature, type SmsFake } from '#test/support/sms-fake';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'test-auth-token';
const SERVICE_SID = `MG${'fedcba9876543210'.repeat(2)}`;

function basic(user: string, pass: string): string {
  return `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
}

describe('startSmsFake', () => {
  let sms: SmsFake;

  beforeEach(async () => {
    sms = await startSmsFake({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  });

  afterEach(async () => {
    await sms.close();
  });

  function send(params: Record<string, string>, auth = basic(ACCOUNT_SID, AUTH_TOKEN), sid = ACCOUNT_SID) {
    return fetch(`${sms.url}/2010-04-01/Accounts/${sid}/Messages.json`, {
      method: 'POST',
      headers: { authorization: auth },
      body: new URLSearchParams(params),
    });
  }

  it('accepts a message and answers 201 with a Twilio message resource', async () => {
    const res = await send({
      To: '+447700900123',
      From: '+447700900001',
      Body: 'Bill 3786 moved to the Lords',
    });

    expect(res.status).toBe(201);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json).toMatchObject({
      account_sid: ACCOUNT_SID,
      api_version: '2010-04-01',
      status: 'queued',
      to: '+447700900123',
      from: '+447700900001',
      body: 'Bill 3786 moved to the Lords',
      num_segments: '1',
      price: null,
      error_code: null,
      direction: 'outbound-api',
    });
    expect(json.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(json.uri).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${String(json.sid)}.json`);
    expect(json.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);

    expect(sms.messages).toHaveLength(1);
    expect(sms.messages[0]).toMatchObject({
      sid: json.sid,
      to: '+447700900123',
      body: 'Bill 3786 moved to the Lords',
    });
  });

  it('sends through a Messaging Service with status accepted and no from number', async () => {
    const res = await send({ To: '+447700900123', MessagingServiceSid: SERVICE_SID, Body: 'hi' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      status: 'accepted',
      from: null,
      messaging_service_sid: SERVICE_SID,
    });
  });

  it('rejects wrong credentials with 401 and error 20003', async () => {
    const res = await send(
      { To: '+447700900123', From: '+447700900001', Body: 'x' },
      basic(ACCOUNT_SID, 'nope'),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(await res.json()).toMatchObject({ code: 20003, message: 'Authenticate', status: 401 });

    const missing = await fetch(`${sms.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, {
      method: 'POST',
      body: new URLSearchParams({ To: '+447700900123' }),
    });
    expect(missing.status).toBe(401);
    await missing.arrayBuffer();
    expect(sms.messages).toHaveLength(0);
  });

  it('rejects a To number that is not E.164 with 400 and error 21211', async () => {
    const res = await send({ To: '07700 900123', From: '+447700900001', Body: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 21211,
      status: 400,
      more_info: 'https://www.twilio.com/docs/errors/21211',
    });
  });

  it('requires a sender and a body', async () => {
    const noFrom = await send({ To: '+447700900123', Body: 'x' });
    const noBody = await send({ To: '+447700900123', From: '+447700900001' });
    expect(await noFrom.json()).toMatchObject({ code: 21603, status: 400 });
    expect(await noBody.json()).toMatchObject({ code: 21602, status: 400 });
  });

  it('does not read a JSON body (the API takes form fields only)', async () => {
    const res = await fetch(`${sms.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, {
      method: 'POST',
      headers: { authorization: basic(ACCOUNT_SID, AUTH_TOKEN), 'content-type': 'application/json' },
      body: JSON.stringify({ To: '+447700900123', From: '+447700900001', Body: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 21604 });
  });

  it('answers 404 for another account in the path', async () => {
    const other = `AC${'1'.repeat(32)}`;
    const res = await send(
      { To: '+447700900123', From: '+447700900001', Body: 'x' },
      basic(ACCOUNT_SID, AUTH_TOKEN),
      other,
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 20404 });
  });

  it('setDown answers 503 until brought back', async () => {
    sms.setDown(true);
    const down = await send({ To: '+447700900123', From: '+447700900001', Body: 'x' });
    expect(down.status).toBe(503);
    await down.arrayBuffer();

    sms.setDown(false);
    const up = await send({ To: '+447700900123', From: '+447700900001', Body: 'x' });
    expect(up.status).toBe(201);
    await up.arrayBuffer();
    expect(sms.messages).toHaveLength(1);
  });

  it('failNext fails the next requests only', async () => {
    sms.failNext(1, 500);
    const first = await send({ To: '+447700900123', From: '+447700900001', Body: 'x' });
    const second = await send({ To: '+447700900123', From: '+447700900001', Body: 'x' });
    expect([first.status, second.status]).toEqual([500, 201]);
    await Promise.all([first.arrayBuffer(), second.arrayBuffer()]);
  });

  it('blockRecipient answers error 21610 for that number', async () => {
    sms.blockRecipient('+447700900999');
    const res = await send({ To: '+447700900999', From: '+447700900001', Body: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 21610 });
  });

  it('fetches a message resource by sid', async () => {
    const created = (await (
      await send({ To: '+447700900123', From: '+447700900001', Body: 'x' })
    ).json()) as {
      sid: string;
    };
    const res = await fetch(`${sms.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${created.sid}.json`, {
      headers: { authorization: basic(ACCOUNT_SID, AUTH_TOKEN) },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sid: created.sid, status: 'queued' });
  });

  it('waitForMessage resolves when a message arrives', async () => {
    const waiting = sms.waitForMessage((m) => m.to === '+447700900123', 2000);
    await (await send({ To: '+447700900123', From: '+447700900001', Body: 'later' })).arrayBuffer();
    await expect(waiting).resolves.toMatchObject({ body: 'later' });
  });

  it('counts GSM-7 and UCS-2 segments like Twilio', async () => {
    expect(countSegments('a'.repeat(160))).toBe(1);
    expect(countSegments('a'.repeat(161))).toBe(2);
    expect(countSegments('a'.repeat(306))).toBe(2);
    expect(countSegments('€'.repeat(80))).toBe(1); // 160 septets with the escape
    expect(countSegments('Bill update ✅')).toBe(1);
    expect(countSegments('✅'.repeat(71))).toBe(2);

    const res = await send({ To: '+447700900123', From: '+447700900001', Body: 'x'.repeat(200) });
    expect(await res.json()).toMatchObject({ num_segments: '2' });
  });

  describe('status callbacks', () => {
    let hook: HttpFake;

    beforeEach(async () => {
      hook = await startHttpFake();
      hook.on('POST', '/sms/status', () => ({ status: 204 }));
    });

    afterEach(async () => {
      await hook.close();
    });

    it('deliver() posts a status callback signed with X-Twilio-Signature', async () => {
      const callback = `${hook.url}/sms/status`;
      const created = (await (
        await send({ To: '+447700900123', From: '+447700900001', Body: 'x', StatusCallback: callback })
      ).json()) as { sid: string };

      await expect(sms.deliver(created.sid, 'delivered')).resolves.toBe(204);

      const received = hook.requests[0]!;
      const params = received.body as Record<string, string>;
      expect(params).toMatchObject({
        MessageSid: created.sid,
        MessageStatus: 'delivered',
        To: '+447700900123',
      });
      expect(received.headers['x-twilio-signature']).toBe(twilioSignature(AUTH_TOKEN, callback, params));
      expect(sms.messages[0]!.status).toBe('delivered');
    });

    it('deliver() without a callback only updates the status', async () => {
      const created = (await (
        await send({ To: '+447700900123', From: '+447700900001', Body: 'x' })
      ).json()) as {
        sid: string;
      };
      await expect(sms.deliver(created.sid, 'failed', 30003)).resolves.toBeNull();
      expect(sms.messages[0]!.status).toBe('failed');
      expect(hook.requests).toHaveLength(0);
    });
  });

  it('computes the documented Twilio signature', () => {
    // Example from Twilio's webhook security documentation.
    const signature = twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    });
    expect(signature).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });
});
