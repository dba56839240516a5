/**
 * Who may do what in an organisation. Someone outside it gets 404 on every path (its existence
 * is not revealed); a member whose role does not allow a write gets 403.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { forbidden, notFound } from '#server/http/errors';
import { authContextOf } from '#server/modules/auth/auth.context';
import type { LocalNotifier } from '#server/modules/notifications/notifier';
import type { OrgRole } from '#shared/orgs';
import { roleIn } from './orgs.queries';

export interface OrgContext {
  db: Db;
  config: Config;
  appSecret: string;
  notifier: LocalNotifier;
  /** PostgreSQL: other processes hear of new notifications by NOTIFY */
  notifyPostgres: boolean;
  kickOutbox(): void;
}

export function orgContext(app: FastifyInstance): OrgContext {
  const auth = authContextOf(app);
  return {
    db: app.db,
    config: app.deps.config,
    appSecret: auth.secrets.appSecret,
    notifier: app.caches.notifier,
    notifyPostgres: !app.deps.database.embedded,
    kickOutbox: () => auth.kickOutbox(),
  };
}

/** What each role may do beyond reading. */
export const CAN = {
  manageMembers: ['owner', 'admin'],
  manageWatchlist: ['owner', 'admin'],
  assess: ['owner', 'admin', 'member'],
  comment: ['owner', 'admin', 'member'],
  moderate: ['owner', 'admin'],
  buySeats: ['owner'],
} as const satisfies Record<string, readonly OrgRole[]>;

export const orgNotFound = () =>
  notFound('No organisation here, or you are not one of its members.', 'org_not_found');

/** The member's role in the organisation; 404 when they are not in it. */
export async function roleOrNotFound(db: Db, orgId: number, userId: number): Promise<OrgRole> {
  const role = await roleIn(db, { orgId, userId });
  if (!role) throw orgNotFound();
  return role;
}

/** The member's role when it allows `action`; 404 outside the organisation, 403 for a role that may not. */
export async function requireRole(db: Db, orgId: number, userId: number, action: keyof typeof CAN) {
  const role = await roleOrNotFound(db, orgId, userId);
  if (!(CAN[action] as readonly OrgRole[]).includes(role))
    throw forbidden(`Your role (${role}) in this organisation does not allow this.`, 'role_forbidden');
  return role;
}
