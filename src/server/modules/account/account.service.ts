/**
 * The member's own account: password and email changes, the data export and account deletion
 * (the GDPR rights of access, rectification, portability and erasure).
 */
import type { DbOrTx } from '#server/db/client';
import { badRequest, conflict, forbidden } from '#server/http/errors';
import type { AuthContext, RequestMeta } from '#server/modules/auth/auth.context';
import {
  queueAccountDeleted,
  queueEmailChangeCode,
  queueEmailChanging,
  queuePasswordChanged,
} from '#server/modules/auth/auth.emails';
import { findUserByEmail, findUserById } from '#server/modules/auth/auth.queries';
import {
  CODE_MAX_WRONG_TRIES,
  CODE_TTL_MS,
  digestsEqual,
  generateCode,
  hashCode,
} from '#server/modules/auth/codes';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '#server/modules/auth/passwords';
import { consume, ensureBelow, recordHit } from '#server/lib/rate-limits';
import { LIMITS } from '#server/modules/auth/account-limits';
import type { SessionUser } from '#server/plugins/session';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
} from '#shared/schemas/settings';
import {
  applyEmailChange,
  countWrongEmailChangeCode,
  deleteMember,
  pendingEmailChange,
  savePendingEmailChange,
  setPasswordEndingOtherSessions,
} from './account.queries';

const wrongPassword = () => forbidden('The current password is not correct.', 'invalid_current_password');

/** The current password, checked under the same failure limits as signing in. */
async function checkPassword(ctx: AuthContext, user: SessionUser, password: string, meta: RequestMeta) {
  const now = new Date();
  await ensureBelow(ctx.db, LIMITS.loginFailuresPerAccount, user.email, now);
  await ensureBelow(ctx.db, LIMITS.loginFailuresPerIp, meta.ip, now);
  const row = await findUserById(ctx.db, user.id);
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    await recordHit(ctx.db, LIMITS.loginFailuresPerAccount, user.email, now);
    await recordHit(ctx.db, LIMITS.loginFailuresPerIp, meta.ip, now);
    throw wrongPassword();
  }
  return row;
}

const recipientOf = (row: { email: string; firstName: string; id: number; language: string }) => ({
  email: row.email,
  firstName: row.firstName,
  userId: row.id,
  languages: [row.language],
});

/** Sets a new password, ends every other session and tells the member by email. */
export async function changePassword(
  ctx: AuthContext,
  user: SessionUser,
  input: ChangePasswordRequest,
  meta: RequestMeta,
) {
  const row = await checkPassword(ctx, user, input.currentPassword, meta);
  assertAcceptablePassword(
    input.newPassword,
    { email: row.email, firstName: row.firstName, lastName: row.lastName },
    'newPassword',
  );
  const hash = await hashPassword(input.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    const gone = await setPasswordEndingOtherSessions(tx, {
      userId: user.id,
      passwordHash: hash,
      keepSessionId: user.sessionId,
    });
    await queuePasswordChanged(tx, recipientOf(row), ctx.config.appUrl);
    return gone;
  });
  ctx.kickOutbox();
  ctx.sessionChanges.announce();
  ctx.log.info({ event: 'password_changed', userId: user.id, sessionsEnded: ended }, 'password changed');
  return {
    message: 'Your password has been changed. Every other device has been signed out.',
    sessionsEnded: ended,
  };
}

/** Sends a code to the new address and tells the old one; the address changes only with the code. */
export async function requestEmailChange(
  ctx: AuthContext,
  user: SessionUser,
  input: ChangeEmailRequest,
  meta: RequestMeta,
) {
  const row = await checkPassword(ctx, user, input.currentPassword, meta);
  if (row.email.toLowerCase() === input.newEmail)
    throw badRequest('This is already your email address.', undefined, 'same_email');
  await consume(ctx.db, LIMITS.registrationsPerEmail, input.newEmail, new Date());
  if (await findUserByEmail(ctx.db, input.newEmail))
    throw conflict('Another account already uses this email address.', 'email_taken').localized(
      'errors.emailInUse',
    );
  const code = generateCode();
  await ctx.db.transaction(async (tx) => {
    await savePendingEmailChange(tx, {
      userId: user.id,
      newEmail: input.newEmail,
      codeHash: hashCode(ctx.secrets.appSecret, `email-change:${user.id}:${input.newEmail}`, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    await queueEmailChangeCode(tx, { ...recipientOf(row), email: input.newEmail }, code);
    await queueEmailChanging(tx, recipientOf(row), input.newEmail, ctx.config.appUrl);
  });
  ctx.kickOutbox();
  return { message: `We have sent a 6-digit code to ${input.newEmail}. Enter it to confirm the change.` };
}

export async function confirmEmailChange(
  ctx: AuthContext,
  user: SessionUser,
  code: string,
  meta: RequestMeta,
) {
  await consume(ctx.db, LIMITS.codeAttemptsPerIp, meta.ip, new Date());
  const pending = await pendingEmailChange(ctx.db, { userId: user.id });
  const invalid = () => badRequest('This code is not valid or has expired.', undefined, 'invalid_code');
  if (!pending || pending.expiresAt < new Date() || pending.failedAttempts >= CODE_MAX_WRONG_TRIES)
    throw invalid();
  const expected = hashCode(ctx.secrets.appSecret, `email-change:${user.id}:${pending.newEmail}`, code);
  if (!digestsEqual(expected, pending.codeHash)) {
    await countWrongEmailChangeCode(ctx.db, { userId: user.id });
    throw invalid();
  }
  try {
    await ctx.db.transaction((tx) => applyEmailChange(tx, { userId: user.id, newEmail: pending.newEmail }));
  } catch (error) {
    if ((error as { code?: string }).code === '23505' || /unique/i.test(String((error as Error).message)))
      throw conflict('Another account already uses this email address.', 'email_taken').localized(
        'errors.emailInUse',
      );
    throw error;
  }
  ctx.log.info({ event: 'email_changed', userId: user.id }, 'email address changed');
  return { message: 'Your email address has been changed.', email: pending.newEmail };
}

/**
 * Erases the account: the member's row and everything that cascades from it (sessions, follows,
 * search terms, preferences, notifications). Outbox rows keep no link to the member
 * (user_id set null), and payment records, where they exist, are kept for 7 years without
 * personal data beyond what the law requires.
 */
export async function deleteAccount(
  ctx: AuthContext,
  user: SessionUser,
  input: DeleteAccountRequest,
  meta: RequestMeta,
) {
  const row = await checkPassword(ctx, user, input.password, meta);
  if (input.confirmEmail.toLowerCase() !== row.email.toLowerCase())
    throw badRequest(
      'Type your email address exactly to confirm.',
      [{ field: 'confirmEmail', message: 'Type your email address exactly to confirm.' }],
      'confirm_email_mismatch',
    );
  await ctx.db.transaction(async (tx: DbOrTx) => {
    await queueAccountDeleted(tx, { ...recipientOf(row), userId: null });
    await deleteMember(tx, { userId: user.id });
  });
  ctx.kickOutbox();
  ctx.sessionChanges.announce();
  ctx.log.info({ event: 'account_deleted', userId: user.id }, 'account deleted by its member');
  return { message: 'Your account has been deleted.' };
}
