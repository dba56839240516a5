import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { admins, sessions, users } from '#server/db/schema';
import { MEMBER_ACTIONS_WITH_SESSION, type SessionAction } from './session-user';

/**
 * The member session a token's hash opens (unexpired, the member not suspended): the member,
 * the legislation types they do not see and, with `withActions`, their follows and dismissals
 * (null when they have more than MEMBER_ACTIONS_WITH_SESSION); null when there is none.
 */
export async function memberSessionByToken(db: DbOrTx, tokenHash: string, withActions: boolean) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      subscriptionTier: users.subscriptionTier,
      sessionId: sessions.id,
      disabledTypes: sql<
        string[]
      >`array(select p.legislation_type_code from user_legislation_preferences p where p.user_id = ${users.id} and not p.enabled
                union select g.code from legislation_types g where not g.globally_available)`,
      actions: withActions
        ? sql<SessionAction[] | null>`(select case when count(*) > ${MEMBER_ACTIONS_WITH_SESSION} then null
                else coalesce(json_agg(json_build_object('id', a.legal_change_id, 'action', a.action,
                  'itemDate', i.item_date, 'jurisdictionId', i.jurisdiction_id, 'category', i.category,
                  'legislationType', i.legislation_type)), '[]'::json) end
              from (select ua.legal_change_id, ua.action from user_actions ua where ua.user_id = ${users.id}
                limit ${MEMBER_ACTIONS_WITH_SESSION + 1}) a
              left join legal_changes i on i.id = a.legal_change_id and a.action = 'dismissed')`
        : sql<null>`null`,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.kind, 'member'),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.suspendedAt),
      ),
    );
  return row ?? null;
}

/**
 * The unexpired administrator session a token's hash opens, with its administrator (not
 * removed); `enrolled` is false while an invited administrator has not finished their second
 * factor. Null when there is none.
 */
export async function adminSessionByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      id: admins.id,
      email: admins.email,
      owner: admins.builtInOwner,
      enrolled: sql<boolean>`(${admins.builtInOwner} or ${admins.totpEnabledAt} is not null)`,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.kind, 'admin'),
        gt(sessions.expiresAt, sql`now()`),
        isNull(admins.removedAt),
      ),
    );
  return row ?? null;
}

/** Records that a session was used now. */
export async function touchSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}
