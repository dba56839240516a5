/**
 * Sign-up: a pending registration and an emailed 6-digit code; the account exists only once the
 * code is entered. An address that already has an account gets the same answer, and its owner
 * an email saying someone tried to sign up, so the answer never reveals who is a member.
 */
import { randomUUID } from 'node:crypto';
import { AppError, badRequest, conflict, formatWait } from '#server/http/errors';
import { pickLanguage } from '#server/messages/i18n';
import type { RegisterRequest, ResendCodeRequest, VerifyEmailRequest } from '#shared/schemas/auth';
import type { AuthContext, RequestMeta } from './auth.context';
import { queueRegistrationAttempt, queueVerificationCode } from './auth.emails';
import { findUserByEmail, insertUser } from './auth.queries';
import { startSession } from './auth.service';
import {
  CODE_MAX_RESENDS,
  CODE_MAX_WRONG_TRIES,
  CODE_RESEND_WINDOW_MS,
  CODE_TTL_MS,
  digestsEqual,
  generateCode,
  hashCode,
} from './codes';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { consume } from '#server/lib/rate-limits';
import { LIMITS } from './account-limits';
import {
  deletePendingRegistrationsFor,
  insertPendingRegistration,
  lockPendingRegistration,
  recordWrongCode,
  replaceCode,
} from './registration.queries';
import { TRIAL_DAYS } from '#shared/tiers';
import { DAY_MS } from '#shared/time';

const TRIAL_MS = TRIAL_DAYS * DAY_MS;
const binding = (tempUserId: string) => `email:${tempUserId}`;
/** Stored instead of a code hash when the address already has an account: no code can match it. */
const NO_CODE = '';

const registrationGone = () =>
  badRequest(
    'This sign-up has expired or was already completed. Please sign up again.',
    undefined,
    'registration_not_found',
  );

export async function register(ctx: AuthContext, input: RegisterRequest, meta: RequestMeta) {
  const { db } = ctx;
  const now = new Date();
  await consume(db, LIMITS.registrationsPerIp, meta.ip, now);
  await consume(db, LIMITS.registrationsPerEmail, input.email, now);
  assertAcceptablePassword(input.password, input, 'body.password');
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  const id = randomUUID();
  const code = generateCode();
  await db.transaction(async (tx) => {
    await insertPendingRegistration(tx, {
      id,
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      codeHash: existing ? NO_CODE : hashCode(ctx.secrets.appSecret, binding(id), code),
      codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
      sendCount: 1,
      sendWindowStartedAt: now,
      language: pickLanguage(input.language, meta.acceptLanguage),
      createdAt: now,
    });
    if (existing) {
      const to = {
        email: existing.email,
        firstName: existing.firstName,
        userId: existing.id,
        languages: [existing.language],
      };
      await queueRegistrationAttempt(tx, to, ctx.config.appUrl);
    } else {
      await queueVerificationCode(
        tx,
        {
          email: input.email,
          firstName: input.firstName,
          languages: [input.language, meta.acceptLanguage],
        },
        code,
      );
    }
  });
  ctx.kickOutbox();
  ctx.log.info({ event: 'registration_started', tempUserId: id }, 'registration started');
  return {
    requiresVerification: true as const,
    tempUserId: id,
    message: 'We have sent a 6-digit code to your email address. Enter it to finish creating your account.',
    emailKeptInOutbox: !ctx.config.SMTP_URL,
  };
}

type CodeCheck =
  { ok: true; token: string; expiresAt: Date; userId: number } | { ok: false; error: AppError };

export async function verifyEmail(ctx: AuthContext, input: VerifyEmailRequest, meta: RequestMeta) {
  const { db } = ctx;
  const now = new Date();
  await consume(db, LIMITS.codeAttemptsPerIp, meta.ip, now);
  // Wrong guesses are committed before the error is raised, so they always count.
  const result = await db.transaction(async (tx): Promise<CodeCheck> => {
    const pending = await lockPendingRegistration(tx, input.tempUserId);
    if (!pending) return { ok: false, error: registrationGone() };
    if (pending.failedAttempts >= CODE_MAX_WRONG_TRIES) {
      return {
        ok: false,
        error: badRequest(
          'Too many wrong codes. Please request a new code.',
          undefined,
          'code_attempts_exceeded',
        ),
      };
    }
    if (pending.codeExpiresAt <= now) {
      return {
        ok: false,
        error: badRequest('This code has expired. Please request a new code.', undefined, 'code_expired'),
      };
    }
    const expected = hashCode(ctx.secrets.appSecret, binding(pending.id), input.verificationCode);
    if (!digestsEqual(expected, pending.codeHash)) {
      const left = CODE_MAX_WRONG_TRIES - (await recordWrongCode(tx, pending.id));
      const message =
        left > 0
          ? `Invalid verification code. ${left} attempt${left === 1 ? '' : 's'} left.`
          : 'Invalid verification code. Too many wrong codes: please request a new code.';
      const error = badRequest(message, { attemptsLeft: left }, 'invalid_code');
      error.localized(
        left > 0 ? 'errors.invalidCodeAttemptsLeft' : 'errors.invalidCodeNoneLeft',
        left > 0 ? { count: left } : {},
      );
      return { ok: false, error };
    }
    const user = await insertUser(tx, {
      email: pending.email,
      passwordHash: pending.passwordHash,
      firstName: pending.firstName,
      lastName: pending.lastName,
      trialEndsAt: new Date(now.getTime() + TRIAL_MS),
      // the language the member signed up in: every later email and text is written in it
      language: pickLanguage(input.language, pending.language, meta.acceptLanguage),
      emailVerifiedAt: now,
      lastLoginAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (!user)
      return {
        ok: false,
        error: conflict('An account with this email address already exists. Please sign in.', 'email_taken'),
      };
    await deletePendingRegistrationsFor(tx, pending.email);
    const session = await startSession(tx, { userId: user.id, keepLoggedIn: false, meta, now });
    return { ok: true, ...session, userId: user.id };
  });
  if (!result.ok) throw result.error;
  ctx.log.info({ event: 'user_created', userId: result.userId }, 'email verified; account created');
  return result;
}

export async function resendCode(ctx: AuthContext, input: ResendCodeRequest, meta: RequestMeta) {
  const { db } = ctx;
  const now = new Date();
  await consume(db, LIMITS.codeResendsPerIp, meta.ip, now);
  await db.transaction(async (tx) => {
    const pending = await lockPendingRegistration(tx, input.tempUserId);
    if (!pending) throw registrationGone();
    const windowEnds = pending.sendWindowStartedAt.getTime() + CODE_RESEND_WINDOW_MS;
    const windowOpen = windowEnds > now.getTime();
    // sendCount counts the window's first email plus its re-sends
    if (windowOpen && pending.sendCount >= 1 + CODE_MAX_RESENDS) {
      const seconds = Math.ceil((windowEnds - now.getTime()) / 1000);
      throw new AppError(
        429,
        'rate_limited',
        `A new code can be sent ${CODE_MAX_RESENDS} times in 10 minutes. Please wait ${formatWait(seconds)} and try again.`,
        { retryAfterSeconds: seconds },
        { 'retry-after': String(seconds) },
      ).localized('errors.codeResends', { max: CODE_MAX_RESENDS, waitSeconds: seconds });
    }
    const existing = await findUserByEmail(tx, pending.email);
    const code = generateCode();
    await replaceCode(tx, pending.id, {
      codeHash: existing ? NO_CODE : hashCode(ctx.secrets.appSecret, binding(pending.id), code),
      codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
      sendCount: windowOpen ? pending.sendCount + 1 : 2,
      sendWindowStartedAt: windowOpen ? pending.sendWindowStartedAt : now,
    });
    if (!existing) {
      await queueVerificationCode(
        tx,
        {
          email: pending.email,
          firstName: pending.firstName,
          languages: [input.language, pending.language, meta.acceptLanguage],
        },
        code,
      );
    }
  });
  ctx.kickOutbox();
  return { message: 'We have sent a new code to your email address.' };
}
