import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelayMs } from '#server/modules/outbox/outbox-sender';
import { createSmsClient, SmsSendError } from '#server/providers/sms/client';
import { startSmsFake, type SmsFake } from '#test/support/sms-fake';

describe('SMS client (Twilio-compatible Messages API)', () => {
  let sms: SmsFake;
  beforeAll(async () => {
    sms = await startSmsFake({
      accountSid: 'AC0123456789abcdef0123456789abcdef',
      authToken: 'unit-test-auth-token',
    });
  });
  afterAll(() => sms.close());

  const client = (overrides: Record<string, string> = {}) =>
    createSmsClient({
      SMS_API_URL: sms.url,
      SMS_ACCOUNT_SID: sms.accountSid,
      SMS_AUTH_TOKEN: sms.authToken,
      SMS_FROM: '+447700900001',
      ...overrides,
    })!;

  it('is absent until all four settings are given', () => {
    expect(
      createSmsClient({
        SMS_API_URL: sms.url,
        SMS_ACCOUNT_SID: undefined,
        SMS_AUTH_TOKEN: undefined,
        SMS_FROM: undefined,
      }),
    ).toBeNull();
  });

  it('posts To, From and Body as a form with Basic auth and returns the message sid', async () => {
    const { sid } = await client().send({ to: '+447700900200', body: 'Hello from Lexwatch' });
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sms.messages.at(-1)).toMatchObject({
      sid,
      to: '+447700900200',
      from: '+447700900001',
      body: 'Hello from Lexwatch',
    });
  });

  it('tells temporary failures from permanent ones', async () => {
    sms.setDown(true);
    await expect(client().send({ to: '+447700900201', body: 'x' })).rejects.toMatchObject({
      permanent: false,
    });
    sms.setDown(false);
    const refused = await client()
      .send({ to: 'not-a-number', body: 'x' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsSendError);
    expect(refused).toMatchObject({ permanent: true, message: expect.stringContaining('21211') });
    await expect(
      client({ SMS_AUTH_TOKEN: 'wrong' }).send({ to: '+447700900202', body: 'x' }),
    ).rejects.toMatchObject({ permanent: false });
    await expect(
      client({ SMS_API_URL: 'http://127.0.0.1:9' }).send({ to: '+447700900203', body: 'x' }),
    ).rejects.toMatchObject({ permanent: false });
  });
});

describe('outbox back-off', () => {
  it('waits between half and all of a doubling delay, capped at 30 minutes', () => {
    expect(backoffDelayMs(1, () => 0)).toBe(15_000);
    expect(backoffDelayMs(1, () => 1)).toBe(30_000);
    expect(backoffDelayMs(3, () => 1)).toBe(120_000);
    expect(backoffDelayMs(12, () => 1)).toBe(30 * 60_000);
    expect(backoffDelayMs(12, () => 0)).toBe(15 * 60_000);
  });
});
