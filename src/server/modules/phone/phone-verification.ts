/**
 * Proving a phone number: a 6-digit code by SMS (queued in the outbox, kind 'phone_code'),
 * stored only as an HMAC, valid for 10 minutes and dead after 5 wrong tries. Only a signed-in
 * member whose email address is verified may ask; the number must be one texts may go to
 * (SMS_ALLOWED_COUNTRY_CODES); no code is sent while the day's SMS budget is spent (503); and the
 * send limits of sms-send-limits.ts apply (429 with Retry-After). A correct code stores the
 * number on the member as verified.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { badRequest, forbidden, unauthorized } from '#server/http/errors';
import { pickLanguage, t, type MessageLanguage } from '#server/messages/i18n';
import { gsmFriendly } from '#server/messages/sms';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import {
  reportSmsBudgetExhausted,
  smsBudgetExhausted,
  smsBudgetStatus,
} from '#server/modules/outbox/sms-budget';
import { CODE_TTL_SECONDS } from '#server/modules/outbox/phone-codes';
import { smsCallingCodes } from '#server/modules/outbox/sms-destinations';
import { normalisePhoneNumber } from './phone-number';
import {
  confirmPhoneNumber,
  expireLiveCodes,
  findEmailVerification,
  insertPhoneCode,
  lockLatestCode,
  setWrongCodes,
} from './phone-verification.queries';
import { consumeSmsSendLimits } from './sms-send-limits';

export const MAX_WRONG_CODES = 5;

/** What sending a code works with. */
export interface PhoneCodeContext {
  db: Db;
  config: Config;
  /** APP_SECRET: codes are stored only as an HMAC keyed with it */
  appSecret: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** starts sending what was just queued */
  kickOutbox(): void;
}

function codeHash(appSecret: string, userId: number, phone: string, code: string): string {
  return createHmac('sha256', appSecret).update(`phone-code:${userId}:${phone}:${code}`).digest('hex');
}

export const emailNotVerified = () =>
  forbidden('Please verify your email address before adding a phone number.', 'email_not_verified');

/** The member's language (their code is texted in it), once their email is known to be verified. */
async function requireVerifiedEmail(db: Db, userId: number): Promise<MessageLanguage> {
  const member = await findEmailVerification(db, userId);
  if (!member) throw unauthorized();
  if (!member.emailVerifiedAt) throw emailNotVerified();
  return pickLanguage(member.language);
}

export async function sendPhoneCode(
  ctx: PhoneCodeContext,
  params: { userId: number; phoneNumber: string; ip: string; now: Date },
) {
  const { db, config } = ctx;
  const { now } = params;
  const lang = await requireVerifiedEmail(db, params.userId);
  const phone = normalisePhoneNumber(params.phoneNumber, smsCallingCodes(config));
  const budget = await smsBudgetStatus(db, config, now);
  if (budget.exhausted) {
    if (await reportSmsBudgetExhausted(db, config, ctx.log, budget, now)) ctx.kickOutbox();
    throw smsBudgetExhausted(budget, now);
  }
  await db.transaction(async (tx) => {
    await consumeSmsSendLimits(tx, { phone, userId: params.userId, ip: params.ip }, now);
    // an earlier code of this member stops working when a new one is sent
    await expireLiveCodes(tx, { userId: params.userId, now });
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const codeId = await insertPhoneCode(tx, {
      userId: params.userId,
      phoneNumber: phone,
      codeHash: codeHash(ctx.appSecret, params.userId, phone, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
    await enqueueMessage(tx, {
      channel: 'sms',
      kind: 'phone_code',
      recipient: phone,
      bodyText: gsmFriendly(t(lang, 'sms.phoneCode', { code, count: CODE_TTL_SECONDS / 60 })),
      userId: params.userId,
      dedupeKey: `phone_code:${codeId}`,
      queuedAt: now,
    });
  });
  ctx.kickOutbox(); // the text leaves now, not at the sender's next round
  return { message: 'Verification code sent.', phoneNumber: phone, expiresInSeconds: CODE_TTL_SECONDS };
}

type CheckOutcome = 'verified' | 'no_code' | 'expired' | 'locked' | 'wrong' | 'wrong_now_locked';

export async function verifyPhoneCode(
  db: Db,
  appSecret: string,
  params: { userId: number; code: string; now: Date },
) {
  const outcome = await db.transaction(async (tx): Promise<{ result: CheckOutcome; phone?: string }> => {
    const v = await lockLatestCode(tx, params.userId);
    if (!v) return { result: 'no_code' };
    if (v.expiresAt <= params.now) return { result: 'expired' };
    if (v.failedAttempts >= MAX_WRONG_CODES) return { result: 'locked' };
    const expected = Buffer.from(v.codeHash, 'hex');
    const given = Buffer.from(codeHash(appSecret, params.userId, v.phoneNumber, params.code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await setWrongCodes(tx, { id: v.id, failedAttempts: v.failedAttempts + 1 });
      return { result: v.failedAttempts + 1 >= MAX_WRONG_CODES ? 'wrong_now_locked' : 'wrong' };
    }
    await confirmPhoneNumber(tx, {
      codeId: v.id,
      userId: params.userId,
      phoneNumber: v.phoneNumber,
      now: params.now,
    });
    return { result: 'verified', phone: v.phoneNumber };
  });
  switch (outcome.result) {
    case 'verified':
      return {
        message: 'Your phone number is verified.',
        phoneNumber: outcome.phone!,
        phoneVerified: true as const,
      };
    case 'no_code':
      throw badRequest('Please request a verification code first.', undefined, 'no_verification_code');
    case 'expired':
      throw badRequest(
        'This code has expired. Please request a new one.',
        undefined,
        'code_expired',
      ).localized('errors.codeExpiredPhone');
    case 'locked':
    case 'wrong_now_locked':
      throw badRequest('Too many wrong codes. Please request a new code.', undefined, 'too_many_attempts');
    case 'wrong':
      throw badRequest('Invalid verification code.', undefined, 'invalid_code').localized(
        'errors.invalidVerificationCode',
      );
  }
}
