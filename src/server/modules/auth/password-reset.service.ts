/**
 * Forgotten passwords: an emailed single-use link valid for one hour. The request is answered
 * the same way, in the same time, whether or not the account exists (the lookup and the email
 * happen after the answer). Using the link sets the password and ends every session.
 */
import { badRequest } from '#server/http/errors';
import { hashToken } from '#server/plugins/session';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '#shared/schemas/auth';
import type { AuthContext, RequestMeta } from './auth.context';
import { queuePasswordChanged, queuePasswordReset, resetLink } from './auth.emails';
import { deleteSessionsOfUser, findUserByEmail, updateUserPassword } from './auth.queries';
import { generateToken, RESET_TOKEN_TTL_MS } from './codes';
import { assertAcceptablePassword, hashPassword } from './passwords';
import {
  consumeResetToken,
  deleteUnusedResetTokens,
  findLiveResetToken,
  replaceResetToken,
} from './password-reset.queries';
import { clearHits, consume } from '#server/lib/rate-limits';
import { LIMITS } from './account-limits';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email address, we have sent it a link to reset the password. Please check your inbox.';

const invalidToken = () =>
  badRequest(
    'This password reset link is invalid or has expired. Please request a new one.',
    undefined,
    'invalid_reset_token',
  );

export async function requestPasswordReset(
  ctx: AuthContext,
  input: ForgotPasswordRequest,
  meta: RequestMeta,
) {
  const now = new Date();
  await consume(ctx.db, LIMITS.resetRequestsPerIp, meta.ip, now);
  await consume(ctx.db, LIMITS.resetRequestsPerEmail, input.email, now);
  ctx.background('password-reset-email', async () => {
    const user = await findUserByEmail(ctx.db, input.email);
    if (!user) return;
    const token = generateToken();
    await ctx.db.transaction(async (tx) => {
      await replaceResetToken(
        tx,
        user.id,
        hashToken(token),
        new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        now,
      );
      const to = {
        email: user.email,
        firstName: user.firstName,
        userId: user.id,
        languages: [user.language, meta.acceptLanguage],
      };
      await queuePasswordReset(tx, to, resetLink(ctx.config.appUrl, token));
    });
    ctx.kickOutbox();
    ctx.log.info({ event: 'password_reset_requested', userId: user.id }, 'password reset link queued');
  });
  return { message: FORGOT_PASSWORD_MESSAGE };
}

export async function resetPassword(ctx: AuthContext, input: ResetPasswordRequest, meta: RequestMeta) {
  const now = new Date();
  await consume(ctx.db, LIMITS.resetAttemptsPerIp, meta.ip, now);
  const tokenHash = hashToken(input.token);
  const reset = await findLiveResetToken(ctx.db, tokenHash, now);
  if (!reset) throw invalidToken();
  assertAcceptablePassword(input.newPassword, reset, 'body.newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    if (!(await consumeResetToken(tx, reset.id, now))) return null;
    await updateUserPassword(tx, reset.userId, passwordHash);
    await deleteUnusedResetTokens(tx, reset.userId);
    const sessions = await deleteSessionsOfUser(tx, reset.userId);
    const to = {
      email: reset.email,
      firstName: reset.firstName,
      userId: reset.userId,
      languages: [reset.language],
    };
    await queuePasswordChanged(tx, to, ctx.config.appUrl);
    return sessions;
  });
  if (ended === null) throw invalidToken();
  await clearHits(ctx.db, LIMITS.loginFailuresPerAccount, reset.email);
  ctx.kickOutbox();
  ctx.log.info(
    { event: 'authn_password_change', userId: reset.userId, sessionsEnded: ended },
    'password reset',
  );
  return { message: 'Your password has been reset. Please sign in with your new password.' };
}
