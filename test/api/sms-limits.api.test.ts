/**
 * The send limits of phone verification codes, each driven to its edge on a clock the test
 * moves: n codes are sent, the next is refused with 429 and Retry-After, and one more is sent
 * once the window has passed. The counts live in the database (rate_limit_buckets).
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, rateLimitBuckets } from '#server/db/schema';
import { londonDay } from '#server/sources/common/uk-time';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { uniqueIp } from './auth-helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Real time plus an offset the test moves forward; it starts at noon (London) tomorrow. */
function movableClock() {
  const tomorrow = londonDay(new Date(Date.now() + 24 * HOUR));
  let offset = tomorrow.start.getTime() + 12 * HOUR - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

describe.skipIf(postgresUnavailable())('SMS send limits of phone verification codes', () => {
  const clock = movableClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { smsClock: clock.now } });
  });
  afterAll(() => t.close());

  let next = 100;
  const freshNumber = () => `07400 1${String(next++).padStart(5, '0')}`;
  const member = () => buildSignedInUser(t.db);
  const sendCode = async (
    opts: { phoneNumber?: string; ip?: string; me?: Awaited<ReturnType<typeof member>> } = {},
  ) => {
    const me = opts.me ?? (await member());
    return t.app.inject({
      method: 'POST',
      url: '/api/user/send-phone-verification',
      headers: { ...me.headers, 'x-forwarded-for': opts.ip ?? uniqueIp() },
      payload: { phoneNumber: opts.phoneNumber ?? freshNumber() },
    });
  };
  const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
  const expectLimited = (res: LightMyRequestResponse, message: string, waitSeconds: number) => {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    // the clock runs on between the first send and the refusal
    expect(retryAfter).toBeGreaterThan(waitSeconds - 30);
    expect(retryAfter).toBeLessThanOrEqual(waitSeconds);
    expect(res.json()).toEqual({
      error: { code: 'rate_limited', message, details: { retryAfterSeconds: retryAfter } },
    });
    return retryAfter;
  };

  it('sends 3 codes to a number in 10 minutes, whoever asks; the 4th waits for the window', async () => {
    const number = freshNumber();
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await sendCode({ phoneNumber: number }));
    expect(statuses(sent)).toEqual([200, 200, 200]);
    const refused = await sendCode({ phoneNumber: number });
    const wait = expectLimited(
      refused,
      'Too many codes have been sent to this number. Please wait 10 minutes and try again.',
      600,
    );

    clock.advance(wait * 1000 - 30_000);
    expect((await sendCode({ phoneNumber: number })).statusCode).toBe(429);
    clock.advance(30_000);
    expect((await sendCode({ phoneNumber: number })).statusCode).toBe(200);
  });

  it('sends 5 codes to a number in a day; the 6th waits for the day', async () => {
    const number = freshNumber();
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await sendCode({ phoneNumber: number }));
    clock.advance(10 * MINUTE);
    for (let i = 0; i < 2; i++) sent.push(await sendCode({ phoneNumber: number }));
    expect(statuses(sent)).toEqual([200, 200, 200, 200, 200]);
    clock.advance(10 * MINUTE);
    const refused = await sendCode({ phoneNumber: number });
    const wait = expectLimited(
      refused,
      'This number has received the most codes we send in a day. Please wait 24 hours and try again.',
      24 * 3600 - 20 * 60,
    );

    clock.advance(wait * 1000 - 30_000);
    expect((await sendCode({ phoneNumber: number })).statusCode).toBe(429);
    clock.advance(30_000);
    expect((await sendCode({ phoneNumber: number })).statusCode).toBe(200);
  });

  it('sends a member 10 codes a day, to any numbers; the 11th waits for the day', async () => {
    const me = await member();
    const sent = [];
    for (let i = 0; i < 10; i++) sent.push(await sendCode({ me }));
    expect(statuses(sent)).toEqual(Array(10).fill(200));
    const refused = await sendCode({ me });
    const wait = expectLimited(
      refused,
      'You have asked for the most verification codes we send in a day. Please wait 24 hours and try again.',
      24 * 3600,
    );
    // another member is not held back
    expect((await sendCode()).statusCode).toBe(200);

    clock.advance(wait * 1000);
    expect((await sendCode({ me })).statusCode).toBe(200);
  });

  it('sends 10 codes an hour to one network (an IPv4 address, an IPv6 /64); the 11th waits for the hour', async () => {
    const host = (n: number) => `2001:db8:5:7::${n.toString(16)}`;
    const sent = [];
    for (let i = 1; i <= 10; i++) sent.push(await sendCode({ ip: host(i) }));
    expect(statuses(sent)).toEqual(Array(10).fill(200));
    // another address in the same /64 is the same network
    const refused = await sendCode({ ip: host(99) });
    const wait = expectLimited(
      refused,
      'Too many verification codes have been asked for from this network. Please wait 60 minutes and try again.',
      3600,
    );
    expect((await sendCode({ ip: '2001:db8:5:8::1' })).statusCode).toBe(200);

    const ipv4 = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await sendCode({ ip: ipv4 })).statusCode).toBe(200);
    expect((await sendCode({ ip: ipv4 })).statusCode).toBe(429);

    clock.advance(wait * 1000);
    expect((await sendCode({ ip: host(99) })).statusCode).toBe(200);
    clock.advance(HOUR);
    expect((await sendCode({ ip: ipv4 })).statusCode).toBe(200);
  });

  it('counts nothing for a refused request: a limit checked last rolls back the others', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await sendCode({ ip })).statusCode).toBe(200);
    const me = await member();
    const number = freshNumber();
    // refused by the network limit, after the number and member limits were counted
    for (let i = 0; i < 5; i++)
      expect((await sendCode({ me, phoneNumber: number, ip })).statusCode).toBe(429);
    expect(await t.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.userId, me.user.id))).toEqual(
      [],
    );
    // so the number still has all 3 of its codes
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await sendCode({ me, phoneNumber: number }));
    expect(statuses(sent)).toEqual([200, 200, 200]);
    expect((await sendCode({ me, phoneNumber: number })).statusCode).toBe(429);
  });

  it('keeps its counts in the database, never the number or address itself', async () => {
    const number = '+447400199999';
    const ip = uniqueIp();
    expect((await sendCode({ phoneNumber: number, ip })).statusCode).toBe(200);
    const keys = (await t.db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets)).map((r) => r.key);
    expect(keys.some((k) => k.startsWith('sms-code-number:'))).toBe(true);
    expect(keys.some((k) => k.startsWith('sms-code-ip:'))).toBe(true);
    expect(keys.join(' ')).not.toContain('7400199999');
    expect(keys.join(' ')).not.toContain(ip);
  });
});
