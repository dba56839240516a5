/**
 * An organisation and its people: creating it (Premium members), the current one with its seats
 * and members, invitations by email (a seat each while pending), accepting them, roles, leaving.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError, conflict, forbidden, notFound } from '#server/http/errors';
import { pickLanguage } from '#server/messages/i18n';
import { teamInviteEmail } from '#server/messages/team-emails';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import type { SessionUser } from '#server/plugins/session-user';
import { INCLUDED_SEATS, INVITE_VALID_DAYS, type OrgRole } from '#shared/orgs';
import { DAY_MS } from '#shared/time';
import { requireRole, roleOrNotFound, type OrgContext } from './access';
import {
  acceptInvite,
  deleteMember,
  insertInvite,
  insertOrg,
  hasPendingInvite,
  inviteByTokenHash,
  membersOf,
  membershipOf,
  orgById,
  ownerCount,
  pendingInviteCount,
  recordActivity,
  setRole,
} from './orgs.queries';

export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createOrg(ctx: OrgContext, user: SessionUser, name: string) {
  if (user.subscriptionTier !== 'premium')
    throw forbidden('Organisations come with the Premium plan.', 'plan_required');
  if (await membershipOf(ctx.db, { userId: user.id }))
    throw conflict('You already belong to an organisation.', 'already_in_org');
  const org = await insertOrg(ctx.db, { name, userId: user.id });
  if (!org) throw conflict('You already belong to an organisation.', 'already_in_org');
  await recordActivity(ctx.db, {
    orgId: org.id,
    actorUserId: user.id,
    action: 'org_created',
    details: { name },
  });
  return { id: org.id, name: org.name, role: 'owner' as const };
}

export async function seatsOf(ctx: OrgContext, orgId: number, purchased: number, members?: number) {
  const [memberCount, pending] = await Promise.all([
    members ?? membersOf(ctx.db, { orgId }).then((m) => m.length),
    pendingInviteCount(ctx.db, { orgId }),
  ]);
  return { included: INCLUDED_SEATS, purchased, used: memberCount + pending };
}

export async function currentOrg(ctx: OrgContext, userId: number) {
  const membership = await membershipOf(ctx.db, { userId });
  if (!membership) throw notFound('You do not belong to an organisation.', 'no_org');
  const [org, members] = await Promise.all([
    orgById(ctx.db, { orgId: membership.orgId }),
    membersOf(ctx.db, { orgId: membership.orgId }),
  ]);
  return {
    id: membership.orgId,
    name: membership.name,
    role: membership.role,
    seats: await seatsOf(ctx, membership.orgId, org!.purchasedSeats, members.length),
    members: members.map(({ language: _language, ...m }) => m),
  };
}

export async function invite(
  ctx: OrgContext,
  user: SessionUser,
  orgId: number,
  input: { email: string; role: OrgRole },
) {
  const role = await requireRole(ctx.db, orgId, user.id, 'manageMembers');
  if (input.role === 'owner' && role !== 'owner')
    throw forbidden('Only an owner can invite another owner.', 'role_forbidden');
  const org = (await orgById(ctx.db, { orgId }))!;
  const members = await membersOf(ctx.db, { orgId });
  if (members.some((m) => m.email.toLowerCase() === input.email))
    throw conflict('This person is already a member.', 'already_member');
  if (await hasPendingInvite(ctx.db, { orgId, email: input.email }))
    throw conflict('This address already has an invitation waiting.', 'already_invited');
  const seats = await seatsOf(ctx, orgId, org.purchasedSeats, members.length);
  if (seats.used >= seats.included + seats.purchased)
    throw conflict('Every seat is taken. Buy more seats to invite someone else.', 'no_seats', seats);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_VALID_DAYS * DAY_MS);
  const row = await insertInvite(ctx.db, {
    orgId,
    email: input.email,
    role: input.role,
    tokenHash: hashInviteToken(token),
    invitedBy: user.id,
    expiresAt,
  });
  const inviter = members.find((m) => m.userId === user.id);
  const mail = teamInviteEmail({
    lang: pickLanguage(inviter?.language ?? 'en'),
    appUrl: ctx.config.appUrl,
    orgName: org.name,
    inviter: `${user.firstName} ${user.lastName}`.trim(),
    role: input.role,
    token,
    days: INVITE_VALID_DAYS,
  });
  await enqueueMessage(ctx.db, {
    channel: 'email',
    kind: 'team_invite',
    recipient: input.email,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html,
    dedupeKey: `team_invite:${row.id}`,
  });
  ctx.kickOutbox();
  await recordActivity(ctx.db, {
    orgId,
    actorUserId: user.id,
    action: 'member_invited',
    details: { email: input.email, role: input.role },
  });
  return { id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() };
}

const gone = (message: string, code: string) => new AppError(410, code, message);

export async function accept(ctx: OrgContext, user: SessionUser, token: string) {
  const found = await inviteByTokenHash(ctx.db, { tokenHash: hashInviteToken(token) });
  if (!found) throw notFound('This invitation does not exist.', 'invite_not_found');
  const { invite: row, orgName } = found;
  if (row.email.toLowerCase() !== user.email.toLowerCase())
    throw forbidden('This invitation was sent to another email address.', 'invite_for_someone_else');
  if (row.acceptedAt) throw gone('This invitation was already used.', 'invite_used');
  if (row.expiresAt <= new Date())
    throw gone('This invitation has expired. Ask for a new one.', 'invite_expired');
  const outcome = await acceptInvite(ctx.db, {
    inviteId: row.id,
    orgId: row.orgId,
    userId: user.id,
    role: row.role,
  });
  if (outcome === 'used') throw gone('This invitation was already used.', 'invite_used');
  if (outcome === 'member_elsewhere')
    throw conflict('You already belong to an organisation. Leave it first.', 'already_in_org');
  await recordActivity(ctx.db, {
    orgId: row.orgId,
    actorUserId: user.id,
    action: 'member_joined',
    details: { role: row.role },
  });
  return { id: row.orgId, name: orgName, role: row.role };
}

export async function changeRole(
  ctx: OrgContext,
  user: SessionUser,
  orgId: number,
  userId: number,
  role: OrgRole,
) {
  const mine = await requireRole(ctx.db, orgId, user.id, 'manageMembers');
  const theirs = await roleIn(ctx, orgId, userId);
  if ((role === 'owner' || theirs === 'owner') && mine !== 'owner')
    throw forbidden('Only an owner can make or change an owner.', 'role_forbidden');
  if (theirs === 'owner' && role !== 'owner' && (await ownerCount(ctx.db, { orgId })) <= 1)
    throw conflict('The organisation needs at least one owner.', 'last_owner');
  await setRole(ctx.db, { orgId, userId, role });
  await recordActivity(ctx.db, {
    orgId,
    actorUserId: user.id,
    action: 'member_role_changed',
    details: { userId, from: theirs, to: role },
  });
  return { userId, role };
}

async function roleIn(ctx: OrgContext, orgId: number, userId: number) {
  const members = await membersOf(ctx.db, { orgId });
  const found = members.find((m) => m.userId === userId);
  if (!found) throw notFound('No such member in this organisation.', 'member_not_found');
  return found.role;
}

/** Owners and admins remove members; anyone may leave; the last owner may not. */
export async function removeMember(ctx: OrgContext, user: SessionUser, orgId: number, userId: number) {
  const mine =
    userId === user.id
      ? await roleOrNotFound(ctx.db, orgId, user.id)
      : await requireRole(ctx.db, orgId, user.id, 'manageMembers');
  const theirs = await roleIn(ctx, orgId, userId);
  if (theirs === 'owner' && mine !== 'owner')
    throw forbidden('Only an owner can remove an owner.', 'role_forbidden');
  if (theirs === 'owner' && (await ownerCount(ctx.db, { orgId })) <= 1)
    throw conflict('The last owner cannot leave. Make someone else an owner first.', 'last_owner');
  await deleteMember(ctx.db, { orgId, userId });
  await recordActivity(ctx.db, {
    orgId,
    actorUserId: user.id,
    action: 'member_removed',
    details: { userId },
  });
}
