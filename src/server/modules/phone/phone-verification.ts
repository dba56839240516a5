/**
 * Proving a phone number: a 6-digit code by SMS (queued in the outbox, kind 'phone_code'),
 * stored only as an HMAC, valid for 10 minutes and dead after 5 wrong tries. At most 3 codes
 * per number per 10 minutes and 10 per member per day (429 with Retry-After). A correct code
 * stores the number on the member as verified.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Config } from '#server/config/config';
import type { Db, Tx } from '#server/db/client';
import { phoneVerifications, users } from '#server/db/schema';
import { badRequest, tooManyRequests } from '#server/http/errors';
import { loadSecrets } from '#server/lib/secrets';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { normalisePhoneNumber } from './phone-number';

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_WRONG_CODES = 5;
export const SENDS_PER_NUMBER = { count: 3, windowSeconds: 10 * 60 };
export const SENDS_PER_MEMBER = { count: 10, windowSeconds: 24 * 3600 };

function codeHash(config: Config, userId: number, phone: string, code: string): string {
  return createHmac('sha256', loadSecrets(config).appSecret).update(`phone-code:${userId}:${phone}:${code}`).digest('hex');
}

/** Seconds until the oldest send in a full window leaves it. */
const retryAfter = (oldest: Date, windowSeconds: number) => Math.max(1, Math.ceil((oldest.getTime() + windowSeconds * 1000 - Date.now()) / 1000));

async function sendsSince(tx: Tx, where: SQL, windowSeconds: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${phoneVerifications.createdAt})` })
    .from(phoneVerifications)
    .where(and(where, gt(phoneVerifications.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : new Date() };
}

export async function sendPhoneCode(db: Db, config: Config, params: { userId: number; phoneNumber: string }) {
  const phone = normalisePhoneNumber(params.phoneNumber);
  await db.transaction(async (tx) => {
    // one sender per number at a time, so concurrent requests cannot overrun the limits
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
    const perNumber = await sendsSince(tx, eq(phoneVerifications.phoneNumber, phone), SENDS_PER_NUMBER.windowSeconds);
    if (perNumber.n >= SENDS_PER_NUMBER.count) throw tooManyRequests(retryAfter(perNumber.oldest, SENDS_PER_NUMBER.windowSeconds));
    const perMember = await sendsSince(tx, eq(phoneVerifications.userId, params.userId), SENDS_PER_MEMBER.windowSeconds);
    if (perMember.n >= SENDS_PER_MEMBER.count) throw tooManyRequests(retryAfter(perMember.oldest, SENDS_PER_MEMBER.windowSeconds));

    // an earlier code of this member stops working when a new one is sent
    await tx
      .update(phoneVerifications)
      .set({ expiresAt: sql`now()` })
      .where(and(eq(phoneVerifications.userId, params.userId), isNull(phoneVerifications.consumedAt), gt(phoneVerifications.expiresAt, sql`now()`)));
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const [row] = await tx
      .insert(phoneVerifications)
      .values({
        userId: params.userId,
        phoneNumber: phone,
        codeHash: codeHash(config, params.userId, phone, code),
        expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
      })
      .returning({ id: phoneVerifications.id });
    await enqueueMessage(tx, {
      channel: 'sms',
      kind: 'phone_code',
      recipient: phone,
      bodyText: `Your Lexwatch verification code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
      userId: params.userId,
      dedupeKey: `phone_code:${row!.id}`,
    });
  });
  return { message: 'Verification code sent.', phoneNumber: phone, expiresInSeconds: CODE_TTL_SECONDS };
}

type CheckOutcome = 'verified' | 'no_code' | 'expired' | 'locked' | 'wrong' | 'wrong_now_locked';

export async function verifyPhoneCode(db: Db, config: Config, params: { userId: number; code: string }) {
  const outcome = await db.transaction(async (tx): Promise<{ result: CheckOutcome; phone?: string }> => {
    const [v] = await tx
      .select({
        id: phoneVerifications.id,
        phoneNumber: phoneVerifications.phoneNumber,
        codeHash: phoneVerifications.codeHash,
        failedAttempts: phoneVerifications.failedAttempts,
        live: sql<boolean>`${phoneVerifications.expiresAt} > now()`,
      })
      .from(phoneVerifications)
      .where(and(eq(phoneVerifications.userId, params.userId), isNull(phoneVerifications.consumedAt)))
      .orderBy(desc(phoneVerifications.id))
      .limit(1)
      .for('update');
    if (!v) return { result: 'no_code' };
    if (!v.live) return { result: 'expired' };
    if (v.failedAttempts >= MAX_WRONG_CODES) return { result: 'locked' };
    const expected = Buffer.from(v.codeHash, 'hex');
    const given = Buffer.from(codeHash(config, params.userId, v.phoneNumber, params.code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await tx.update(phoneVerifications).set({ failedAttempts: v.failedAttempts + 1 }).where(eq(phoneVerifications.id, v.id));
      return { result: v.failedAttempts + 1 >= MAX_WRONG_CODES ? 'wrong_now_locked' : 'wrong' };
    }
    await tx.update(phoneVerifications).set({ consumedAt: sql`now()` }).where(eq(phoneVerifications.id, v.id));
    await tx.update(users).set({ phoneNumber: v.phoneNumber, phoneVerified: true, updatedAt: new Date() }).where(eq(users.id, params.userId));
    return { result: 'verified', phone: v.phoneNumber };
  });
  switch (outcome.result) {
    case 'verified':
      return { message: 'Your phone number is verified.', phoneNumber: outcome.phone!, phoneVerified: true as const };
    case 'no_code':
      throw badRequest('Please request a verification code first.', undefined, 'no_verification_code');
    case 'expired':
      throw badRequest('This code has expired. Please request a new one.', undefined, 'code_expired');
    case 'locked':
    case 'wrong_now_locked':
      throw badRequest('Too many wrong codes. Please request a new code.', undefined, 'too_many_attempts');
    case 'wrong':
      throw badRequest('Invalid verification code.', undefined, 'invalid_code');
  }
}
