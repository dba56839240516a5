/**
 * Sign-in, sign-out and the member's sessions. A session is a random 256-bit token; only its
 * SHA-256 is stored, with an expiry (7 days, or 30 with "stay logged in") and a last-seen time.
 */
import type { DbOrTx } from '#server/db/client';
import { forbidden, notFound, unauthorized } from '#server/http/errors';
import { hashToken, type SessionUser } from '#server/plugins/session';
import type { LoginRequest } from '#shared/schemas/auth';
import type { AuthContext, RequestMeta } from './auth.context';
import {
  deleteSessionByTokenHash,
  deleteSessionOfUser,
  findUserByEmail,
  findCurrentUser,
  insertSession,
  listSessionsOfUser,
  recordLogin,
  updateUserPassword,
} from './auth.queries';
import { generateToken, KEEP_LOGGED_IN_TTL_MS, SESSION_TTL_MS } from './codes';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { clearHits, ensureBelow, recordHit } from '#server/lib/rate-limits';
import { LIMITS } from './account-limits';

/** Creates a member session, ending the one the request came with (a new token at every sign-in). */
export async function startSession(
  db: DbOrTx,
  p: { userId: number; keepLoggedIn: boolean; meta: RequestMeta; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  if (p.meta.presentedToken) await deleteSessionByTokenHash(db, 'member', hashToken(p.meta.presentedToken));
  const token = generateToken();
  const expiresAt = new Date(p.now.getTime() + (p.keepLoggedIn ? KEEP_LOGGED_IN_TTL_MS : SESSION_TTL_MS));
  await insertSession(db, {
    kind: 'member',
    userId: p.userId,
    tokenHash: hashToken(token),
    keepLoggedIn: p.keepLoggedIn,
    userAgent: p.meta.userAgent,
    ip: p.meta.ip,
    expiresAt,
    now: p.now,
  });
  return { token, expiresAt };
}

const invalidCredentials = () => unauthorized('Invalid email or password', 'invalid_credentials');

export async function login(ctx: AuthContext, input: LoginRequest, meta: RequestMeta) {
  const { db } = ctx;
  const now = new Date();
  await ensureBelow(db, LIMITS.loginFailuresPerIp, meta.ip, now);
  await ensureBelow(db, LIMITS.loginFailuresPerAccount, input.email, now);
  const user = await findUserByEmail(db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await recordHit(db, LIMITS.loginFailuresPerIp, meta.ip, now);
    await recordHit(db, LIMITS.loginFailuresPerAccount, input.email, now);
    ctx.log.info({ event: 'authn_login_fail', userId: user?.id ?? null }, 'sign-in failed');
    throw invalidCredentials();
  }
  await clearHits(db, LIMITS.loginFailuresPerAccount, input.email);
  if (user.suspendedAt) {
    ctx.log.info({ event: 'authn_login_fail_suspended', userId: user.id }, 'sign-in refused: suspended');
    throw forbidden(
      'This account has been suspended. Please contact support if you think this is a mistake.',
      'account_suspended',
    );
  }
  if (needsRehash(user.passwordHash))
    await updateUserPassword(db, user.id, await hashPassword(input.password));
  const keepLoggedIn = input.keepLoggedIn ?? false;
  const session = await db.transaction(async (tx) => {
    await recordLogin(tx, user.id, now);
    return startSession(tx, { userId: user.id, keepLoggedIn, meta, now });
  });
  ctx.log.info({ event: 'authn_login_success', userId: user.id, keepLoggedIn }, 'signed in');
  return { ...session, keepLoggedIn, userId: user.id };
}

/** Ends the session the request came with, if any. */
export async function logout(ctx: AuthContext, meta: RequestMeta, user: SessionUser | null) {
  if (meta.presentedToken) await deleteSessionByTokenHash(ctx.db, 'member', hashToken(meta.presentedToken));
  if (user) ctx.log.info({ event: 'session_ended', userId: user.id }, 'signed out');
}

export async function currentUser(ctx: AuthContext, user: SessionUser) {
  const row = await findCurrentUser(ctx.db, user.id);
  if (!row) throw unauthorized('Unauthorized');
  return row;
}

export const listSessions = (ctx: AuthContext, user: SessionUser) =>
  listSessionsOfUser(ctx.db, user.id, new Date());

/** Ends one of the member's own sessions; another member's id is simply not found. */
export async function endSession(ctx: AuthContext, user: SessionUser, sessionId: string) {
  if (!(await deleteSessionOfUser(ctx.db, user.id, sessionId))) {
    throw notFound('This session does not exist or has already ended.', 'session_not_found');
  }
  ctx.log.info({ event: 'session_ended', userId: user.id }, 'session ended by its member');
  return { endedCurrent: sessionId === user.sessionId };
}
