/**
 * Administrator sign-in with the one configured password (ADMIN_PASSWORD, or the generated file
 * in DATA_DIR). The password is hashed at start-up and checked with argon2 (constant time);
 * failures are rate limited per address and overall.
 */
import { unauthorized } from '#server/http/errors';
import type { AuthContext, RequestMeta } from '#server/modules/auth/auth.context';
import { deleteSessionByTokenHash, insertSession } from '#server/modules/auth/auth.queries';
import { ADMIN_SESSION_TTL_MS, generateToken } from '#server/modules/auth/codes';
import { verifyPassword } from '#server/modules/auth/passwords';
import { clearHits, ensureBelow, recordHit } from '#server/lib/rate-limits';
import { LIMITS } from '#server/modules/auth/account-limits';
import { hashToken } from '#server/plugins/session';
import { csrfTokenFor } from './admin-auth.guard';

const ALL = 'all';

export async function adminLogin(
  ctx: AuthContext,
  password: string,
  meta: RequestMeta,
  presentedAdminToken: string | null,
) {
  const { db } = ctx;
  const now = new Date();
  await ensureBelow(db, LIMITS.adminLoginFailuresPerIp, meta.ip, now);
  await ensureBelow(db, LIMITS.adminLoginFailures, ALL, now);
  if (!(await verifyPassword(await ctx.adminPasswordHash(), password))) {
    await recordHit(db, LIMITS.adminLoginFailuresPerIp, meta.ip, now);
    await recordHit(db, LIMITS.adminLoginFailures, ALL, now);
    ctx.log.warn({ event: 'authn_login_fail_admin', ip: meta.ip }, 'administrator sign-in failed');
    throw unauthorized('Invalid administrator password', 'invalid_admin_password');
  }
  await clearHits(db, LIMITS.adminLoginFailuresPerIp, meta.ip);
  if (presentedAdminToken) await deleteSessionByTokenHash(db, 'admin', hashToken(presentedAdminToken));
  const token = generateToken();
  await insertSession(db, {
    kind: 'admin',
    userId: null,
    tokenHash: hashToken(token),
    keepLoggedIn: false,
    userAgent: meta.userAgent,
    ip: meta.ip,
    expiresAt: new Date(now.getTime() + ADMIN_SESSION_TTL_MS),
    now,
  });
  ctx.log.info({ event: 'authn_login_success_admin', ip: meta.ip }, 'administrator signed in');
  return { token, csrfToken: csrfTokenFor(ctx.secrets.appSecret, token) };
}

export async function adminLogout(ctx: AuthContext, adminToken: string | null) {
  if (adminToken) await deleteSessionByTokenHash(ctx.db, 'admin', hashToken(adminToken));
  ctx.log.info({ event: 'session_ended_admin' }, 'administrator signed out');
}
