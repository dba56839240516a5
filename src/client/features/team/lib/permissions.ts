import type { OrgRole } from '#shared/orgs';

/** What a role may do in the organisation (the server decides; the screens only follow it). */
export interface OrgPermissions {
  /** invite, change roles, remove members, edit the team watchlist */
  manageMembers: boolean;
  /** assess items and comment */
  contribute: boolean;
  /** buy seats */
  billing: boolean;
}

export function permissionsOf(role: OrgRole | null | undefined): OrgPermissions {
  return {
    manageMembers: role === 'owner' || role === 'admin',
    contribute: role === 'owner' || role === 'admin' || role === 'member',
    billing: role === 'owner',
  };
}

/** The roles a member may hand out: only an owner makes owners. */
export function assignableRoles(role: OrgRole): OrgRole[] {
  if (role === 'owner') return ['owner', 'admin', 'member', 'viewer'];
  if (role === 'admin') return ['admin', 'member', 'viewer'];
  return [];
}

/** A comment may be removed by its author or by an owner or admin. */
export function canDeleteComment(role: OrgRole, viewerId: number, authorId: number): boolean {
  return viewerId === authorId || permissionsOf(role).manageMembers;
}

/** Seats left to invite with: included and bought, less those taken. */
export function seatsLeft(seats: { included: number; purchased: number; used: number }): number {
  return Math.max(0, seats.included + seats.purchased - seats.used);
}
