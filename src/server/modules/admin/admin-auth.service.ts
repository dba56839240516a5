/**
 * Administrator sign-in. The built-in owner signs in with the one configured password
 * (ADMIN_PASSWORD, or the generated file in DATA_DIR), hashed at start-up; a named administrator
 * with their email, password and a TOTP code (or a recovery code, once). Passwords are checked
 * with argon2 (constant time); failures are rate limited per address and overall.
 */
import { unauthorized } from '#server/http/errors';
import type { AuthContext, RequestMeta } from '#server/modules/auth/auth.context';
import { verifyAgainstDummy, verifyPassword } from '#server/modules/auth/passwords';
import { clearHits, ensureBelow, recordHit } from '#server/lib/rate-limits';
import { LIMITS } from '#server/modules/auth/account-limits';
import { hashToken } from '#server/plugins/session';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '#shared/admin-admins';
import type { AdminLoginRequest } from '#shared/schemas/auth';
import {
  adminByEmail,
  claimTotpStep,
  deleteAdminSession,
  ownerAdminId,
  useRecoveryCode,
} from './admins/admins.queries';
import { startAdminSession } from './admins/admins.service';
import { decryptTotpSecret, hashRecoveryCode, totpStepOf } from './admins/totp';

const ALL = 'all';

/** The named administrator these credentials prove, or null (every check runs in constant time). */
async function namedAdmin(ctx: AuthContext, email: string, password: string, code: string, now: Date) {
  const admin = await adminByEmail(ctx.db, email);
  if (!admin?.passwordHash || !admin.totpEnabledAt || !admin.totpSecret) {
    await verifyAgainstDummy(password);
    return null;
  }
  if (!(await verifyPassword(admin.passwordHash, password))) return null;
  const secret = decryptTotpSecret(ctx.secrets.appSecret, admin.totpSecret);
  if (TOTP_CODE_PATTERN.test(code)) {
    const step = totpStepOf(secret, code, now);
    return step !== null && (await claimTotpStep(ctx.db, admin.id, step)) ? admin.id : null;
  }
  if (!RECOVERY_CODE_PATTERN.test(code)) return null;
  const used = await useRecoveryCode(
    ctx.db,
    admin.id,
    hashRecoveryCode(ctx.secrets.appSecret, admin.id, code),
    now,
  );
  if (used) ctx.log.warn({ event: 'admin_recovery_code_used', adminId: admin.id }, 'recovery code used');
  return used ? admin.id : null;
}

export async function adminLogin(
  ctx: AuthContext,
  body: AdminLoginRequest,
  meta: RequestMeta,
  presentedAdminToken: string | null,
) {
  const { db } = ctx;
  const now = new Date();
  await ensureBelow(db, LIMITS.adminLoginFailuresPerIp, meta.ip, now);
  await ensureBelow(db, LIMITS.adminLoginFailures, ALL, now);
  const adminId =
    body.email === undefined
      ? (await verifyPassword(await ctx.adminPasswordHash(), body.password))
        ? await ownerAdminId(db)
        : null
      : await namedAdmin(ctx, body.email, body.password, body.totp ?? '', now);
  if (adminId === null) {
    await recordHit(db, LIMITS.adminLoginFailuresPerIp, meta.ip, now);
    await recordHit(db, LIMITS.adminLoginFailures, ALL, now);
    ctx.log.warn({ event: 'authn_login_fail_admin', ip: meta.ip }, 'administrator sign-in failed');
    throw body.email === undefined
      ? unauthorized('Invalid administrator password', 'invalid_admin_password')
      : unauthorized('Invalid email, password or code', 'invalid_admin_credentials');
  }
  await clearHits(db, LIMITS.adminLoginFailuresPerIp, meta.ip);
  if (presentedAdminToken) await deleteAdminSession(db, hashToken(presentedAdminToken));
  const session = await startAdminSession(ctx, adminId, meta);
  ctx.log.info({ event: 'authn_login_success_admin', ip: meta.ip, adminId }, 'administrator signed in');
  return session;
}

export async function adminLogout(ctx: AuthContext, adminToken: string | null) {
  if (adminToken) await deleteAdminSession(ctx.db, hashToken(adminToken));
  ctx.log.info({ event: 'session_ended_admin' }, 'administrator signed out');
}
