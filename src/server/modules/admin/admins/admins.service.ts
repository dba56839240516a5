/**
 * Named administrators: the owner invites by email, the invitee sets a password from the link
 * and enrols a TOTP second factor (recovery codes shown once), and the owner may remove one,
 * which ends their sessions at once.
 */
import { conflict, forbidden, notFound } from '#server/http/errors';
import type { AuthContext, RequestMeta } from '#server/modules/auth/auth.context';
import { ADMIN_SESSION_TTL_MS, generateToken } from '#server/modules/auth/codes';
import { assertAcceptablePassword, hashPassword } from '#server/modules/auth/passwords';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { adminInviteEmail } from '#server/messages/admin-emails';
import { pickLanguage } from '#server/messages/i18n';
import { hashToken, type AdminIdentity } from '#server/plugins/session';
import { ADMIN_ACCEPT_PATH, ADMIN_INVITE_TTL_DAYS } from '#shared/admin-admins';
import type { AdminSummary, TotpSetupResponse } from '#shared/schemas/admin';
import { DAY_MS } from '#shared/time';
import { csrfTokenFor } from '../admin-auth.guard';
import {
  acceptInvite,
  adminSummaryById,
  adminTotpState,
  enableTotp,
  insertAdminSession,
  listAdmins,
  removeAdmin,
  setPendingTotpSecret,
  upsertInvite,
} from './admins.queries';
import {
  decryptTotpSecret,
  encryptTotpSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpStepOf,
} from './totp';

type SummaryRow = NonNullable<Awaited<ReturnType<typeof adminSummaryById>>>;

export function presentAdmin(row: SummaryRow): AdminSummary {
  return {
    id: row.id,
    email: row.email,
    owner: row.owner,
    status: row.owner || row.totpEnabledAt ? 'active' : row.passwordSet ? 'enrolling' : 'invited',
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt ? row.acceptedAt.toISOString() : null,
  };
}

export async function adminList(ctx: AuthContext): Promise<AdminSummary[]> {
  return (await listAdmins(ctx.db)).map(presentAdmin);
}

/** A new administrator session for `adminId`: the token (cookie) and its CSRF token. */
export async function startAdminSession(ctx: AuthContext, adminId: number, meta: RequestMeta) {
  const now = new Date();
  const token = generateToken();
  await insertAdminSession(ctx.db, {
    adminId,
    tokenHash: hashToken(token),
    userAgent: meta.userAgent,
    ip: meta.ip,
    expiresAt: new Date(now.getTime() + ADMIN_SESSION_TTL_MS),
    now,
  });
  return { token, csrfToken: csrfTokenFor(ctx.secrets.appSecret, token) };
}

export async function inviteAdmin(
  ctx: AuthContext,
  inviter: AdminIdentity,
  email: string,
  meta: RequestMeta,
): Promise<AdminSummary> {
  const token = generateToken();
  const id = await ctx.db.transaction(async (tx) => {
    const invited = await upsertInvite(tx, {
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ADMIN_INVITE_TTL_DAYS * DAY_MS),
      invitedBy: inviter.id,
    });
    if (invited === null) throw conflict('This address already belongs to an administrator', 'admin_exists');
    const link = `${ctx.config.appUrl}${ADMIN_ACCEPT_PATH}?token=${encodeURIComponent(token)}`;
    const mail = adminInviteEmail(pickLanguage(meta.acceptLanguage), { link, days: ADMIN_INVITE_TTL_DAYS });
    await enqueueMessage(tx, {
      channel: 'email',
      kind: 'admin_invite',
      recipient: email,
      subject: mail.subject,
      bodyText: mail.text,
      bodyHtml: mail.html,
      userId: null,
    });
    return invited;
  });
  ctx.kickOutbox();
  ctx.log.info({ event: 'admin_invited', adminId: id }, 'administrator invited');
  return presentAdmin((await adminSummaryById(ctx.db, id))!);
}

/** Sets the invitee's password and signs them in to enrol their second factor. */
export async function acceptAdminInvite(
  ctx: AuthContext,
  token: string,
  password: string,
  meta: RequestMeta,
) {
  assertAcceptablePassword(password, {}, 'body.password');
  const accepted = await acceptInvite(ctx.db, {
    tokenHash: hashToken(token),
    passwordHash: await hashPassword(password),
    now: new Date(),
  });
  if (!accepted)
    throw notFound('This invitation link is invalid, already used or expired', 'admin_invite_invalid');
  ctx.log.info({ event: 'admin_invite_accepted', adminId: accepted.id }, 'administrator invite accepted');
  return { admin: accepted, session: await startAdminSession(ctx, accepted.id, meta) };
}

async function enrollingState(ctx: AuthContext, admin: AdminIdentity) {
  if (admin.owner)
    throw forbidden('The built-in owner signs in with the configured password', 'totp_not_for_owner');
  const state = await adminTotpState(ctx.db, admin.id);
  if (!state) throw notFound('Administrator not found', 'admin_not_found');
  if (state.totpEnabledAt) throw conflict('The second factor is already set up', 'totp_already_enabled');
  return state;
}

export async function setupTotp(ctx: AuthContext, admin: AdminIdentity): Promise<TotpSetupResponse> {
  const state = await enrollingState(ctx, admin);
  const { secret, otpauthUrl } = newTotpSecret(state.email ?? `admin-${admin.id}`);
  await setPendingTotpSecret(ctx.db, admin.id, encryptTotpSecret(ctx.secrets.appSecret, secret));
  return { secret, otpauthUrl };
}

/** Checks the first code from the authenticator app, turns the factor on and returns the recovery codes. */
export async function verifyTotp(ctx: AuthContext, admin: AdminIdentity, code: string) {
  const state = await enrollingState(ctx, admin);
  if (!state.totpSecret) throw conflict('Set up the second factor first', 'totp_not_set_up');
  const now = new Date();
  const step = totpStepOf(decryptTotpSecret(ctx.secrets.appSecret, state.totpSecret), code, now);
  if (step === null) throw forbidden('The code is not correct', 'totp_invalid');
  const recoveryCodes = newRecoveryCodes();
  const codeHashes = recoveryCodes.map((c) => hashRecoveryCode(ctx.secrets.appSecret, admin.id, c));
  if (!(await enableTotp(ctx.db, { id: admin.id, step, codeHashes, now })))
    throw conflict('The second factor is already set up', 'totp_already_enabled');
  ctx.log.info({ event: 'admin_totp_enabled', adminId: admin.id }, 'administrator second factor enabled');
  return { recoveryCodes };
}

export async function removeAdministrator(ctx: AuthContext, id: number) {
  const target = await adminSummaryById(ctx.db, id);
  if (!target) throw notFound('Administrator not found', 'admin_not_found');
  if (target.owner) throw conflict('The built-in owner cannot be removed', 'admin_owner_not_removable');
  const ended = await removeAdmin(ctx.db, id, new Date());
  if (ended === null) throw notFound('Administrator not found', 'admin_not_found');
  ctx.log.info({ event: 'admin_removed', adminId: id, sessionsEnded: ended }, 'administrator removed');
  return { email: target.email, sessionsEnded: ended };
}
