/**
 * Proving a phone number: a 6-digit code by SMS (queued in the outbox, kind 'phone_code'),
 * stored only as an HMAC, valid for 10 minutes and dead after 5 wrong tries. Only a signed-in
 * member whose email address is verified may ask; the number must be one texts may go to
 * (SMS_ALLOWED_COUNTRY_CODES); no code is sent while the day's SMS budget is spent (503); and the
 * send limits of sms-send-limits.ts apply (429 with Retry-After). A correct code stores the
 * number on the member as verified.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { phoneVerifications, users } from '#server/db/schema';
import { badRequest, forbidden, unauthorized } from '#server/http/errors';
import { loadSecrets } from '#server/lib/secrets';
import { pickLanguage, t, type MessageLanguage } from '#server/messages/i18n';
import { gsmFriendly } from '#server/messages/sms';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import {
  reportSmsBudgetExhausted,
  smsBudgetExhausted,
  smsBudgetStatus,
} from '#server/modules/outbox/sms-budget';
import { smsCallingCodes } from '#server/modules/outbox/sms-destinations';
import { normalisePhoneNumber } from './phone-number';
import { consumeSmsSendLimits } from './sms-send-limits';

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_WRONG_CODES = 5;

/** What sending a code works with. */
export interface PhoneCodeContext {
  db: Db;
  config: Config;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** starts sending what was just queued */
  kickOutbox(): void;
}

function codeHash(config: Config, userId: number, phone: string, code: string): string {
  return createHmac('sha256', loadSecrets(config).appSecret)
    .update(`phone-code:${userId}:${phone}:${code}`)
    .digest('hex');
}

export const emailNotVerified = () =>
  forbidden('Please verify your email address before adding a phone number.', 'email_not_verified');

/** The member's language (their code is texted in it), once their email is known to be verified. */
async function requireVerifiedEmail(db: Db, userId: number): Promise<MessageLanguage> {
  const [member] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
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
    await tx
      .update(phoneVerifications)
      .set({ expiresAt: now })
      .where(
        and(
          eq(phoneVerifications.userId, params.userId),
          isNull(phoneVerifications.consumedAt),
          gt(phoneVerifications.expiresAt, now),
        ),
      );
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const [row] = await tx
      .insert(phoneVerifications)
      .values({
        userId: params.userId,
        phoneNumber: phone,
        codeHash: codeHash(config, params.userId, phone, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
        createdAt: now,
      })
      .returning({ id: phoneVerifications.id });
    await enqueueMessage(tx, {
      channel: 'sms',
      kind: 'phone_code',
      recipient: phone,
      bodyText: gsmFriendly(t(lang, 'sms.phoneCode', { code, count: CODE_TTL_SECONDS / 60 })),
      userId: params.userId,
      dedupeKey: `phone_code:${row!.id}`,
      queuedAt: now,
    });
  });
  ctx.kickOutbox(); // the text leaves now, not at the sender's next round
  return { message: 'Verification code sent.', phoneNumber: phone, expiresInSeconds: CODE_TTL_SECONDS };
}

type CheckOutcome = 'verified' | 'no_code' | 'expired' | 'locked' | 'wrong' | 'wrong_now_locked';

export async function verifyPhoneCode(
  db: Db,
  config: Config,
  params: { userId: number; code: string; now: Date },
) {
  const outcome = await db.transaction(async (tx): Promise<{ result: CheckOutcome; phone?: string }> => {
    const [v] = await tx
      .select({
        id: phoneVerifications.id,
        phoneNumber: phoneVerifications.phoneNumber,
        codeHash: phoneVerifications.codeHash,
        failedAttempts: phoneVerifications.failedAttempts,
        expiresAt: phoneVerifications.expiresAt,
      })
      .from(phoneVerifications)
      .where(and(eq(phoneVerifications.userId, params.userId), isNull(phoneVerifications.consumedAt)))
      .orderBy(desc(phoneVerifications.id))
      .limit(1)
      .for('update');
    if (!v) return { result: 'no_code' };
    if (v.expiresAt <= params.now) return { result: 'expired' };
    if (v.failedAttempts >= MAX_WRONG_CODES) return { result: 'locked' };
    const expected = Buffer.from(v.codeHash, 'hex');
    const given = Buffer.from(codeHash(config, params.userId, v.phoneNumber, params.code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await tx
        .update(phoneVerifications)
        .set({ failedAttempts: v.failedAttempts + 1 })
        .where(eq(phoneVerifications.id, v.id));
      return { result: v.failedAttempts + 1 >= MAX_WRONG_CODES ? 'wrong_now_locked' : 'wrong' };
    }
    await tx
      .update(phoneVerifications)
      .set({ consumedAt: params.now })
      .where(eq(phoneVerifications.id, v.id));
    await tx
      .update(users)
      .set({ phoneNumber: v.phoneNumber, phoneVerified: true, updatedAt: params.now })
      .where(eq(users.id, params.userId));
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
