import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { jurisdictions, legalChanges, userActions, userSubscriptions, users } from '#server/db/schema';
import type { UserAction } from '#shared/schemas/legal-changes';
import { listColumns, type LegalChangeListRow } from '../legal-changes/legal-changes.queries';

const lc = legalChanges;
const ua = userActions;

/** The member's action on an item; null when the item does not exist. */
export async function findAction(db: DbOrTx, userId: number, legalChangeId: number) {
  const [row] = await db
    .select({ id: lc.id, action: ua.action })
    .from(lc)
    .leftJoin(ua, and(eq(ua.legalChangeId, lc.id), eq(ua.userId, userId)))
    .where(eq(lc.id, legalChangeId));
  return row ? { action: row.action } : null;
}

/** Clears the member's action; false when the item does not exist. One statement. */
export async function clearAction(db: DbOrTx, userId: number, legalChangeId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    with cleared as (delete from ${ua} where ${ua.userId} = ${userId} and ${ua.legalChangeId} = ${legalChangeId})
    select exists (select 1 from ${lc} where ${lc.id} = ${legalChangeId}) as found`);
  return Boolean(rows[0]?.found);
}

/**
 * Sets the member's action (one row per member and item). With `maxFollowed` the follow is
 * written only while the member follows fewer other items than that. Returns the stored
 * action, or null when nothing was written (missing item, or the cap was reached).
 * `updated_at` moves only when the action changes, so it is when the item was followed.
 */
export async function upsertAction(
  db: DbOrTx,
  p: { userId: number; legalChangeId: number; action: UserAction; maxFollowed?: number },
): Promise<UserAction | null> {
  const underCap =
    p.maxFollowed === undefined
      ? sql`true`
      : sql`(select count(*) from ${ua} where ${ua.userId} = ${p.userId} and ${ua.action} = 'followed'
             and ${ua.legalChangeId} <> ${p.legalChangeId}) < ${p.maxFollowed}`;
  const { rows } = await db.execute<{ action: UserAction }>(sql`
    insert into ${ua} (user_id, legal_change_id, action)
    select ${p.userId}::int, ${lc.id}, ${p.action}::text from ${lc} where ${lc.id} = ${p.legalChangeId} and ${underCap}
    on conflict (user_id, legal_change_id) do update set
      action = excluded.action,
      updated_at = case when ${ua.action} = excluded.action then ${ua.updatedAt} else now() end
    returning action`);
  return rows[0]?.action ?? null;
}

/**
 * Takes the member's row lock (FOR NO KEY UPDATE: rows referencing the member can still be
 * written) so that concurrent follows by one member are counted one after another; returns
 * whether the item exists.
 */
export async function lockMemberForFollow(
  db: DbOrTx,
  userId: number,
  legalChangeId: number,
): Promise<{
  found: boolean;
  status: string | null;
  jurisdictionId: number | null;
  jurisdiction: string | null;
}> {
  // the item's jurisdiction comes with the lock: a follow beyond the UK is checked against the plan
  const [row] = await db
    .select({
      jurisdictionId: sql<
        number | null
      >`(select i.jurisdiction_id from legal_changes i where i.id = ${legalChangeId})`,
      jurisdiction: sql<
        string | null
      >`(select j.name from legal_changes i join jurisdictions j on j.id = i.jurisdiction_id where i.id = ${legalChangeId})`,
      status: users.subscriptionStatus,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return {
    found: row?.jurisdictionId != null,
    status: row?.status ?? null,
    jurisdictionId: row?.jurisdictionId ?? null,
    jurisdiction: row?.jurisdiction ?? null,
  };
}

export type FollowedRow = LegalChangeListRow & { followedAt: Date; total: number };

/** The member's followed items, newest follow first, with the count of all of them. */
export async function listFollowed(
  db: DbOrTx,
  p: { userId: number; page: number; limit: number },
): Promise<FollowedRow[]> {
  return db
    .select({
      ...listColumns,
      userAction: sql<UserAction | null>`${ua.action}`,
      followedAt: ua.updatedAt,
      total: sql<number>`count(*) over ()`,
    })
    .from(ua)
    .innerJoin(lc, eq(lc.id, ua.legalChangeId))
    .where(and(eq(ua.userId, p.userId), eq(ua.action, 'followed')))
    .orderBy(desc(ua.updatedAt), desc(ua.id))
    .offset((p.page - 1) * p.limit)
    .limit(p.limit);
}

export async function countFollowed(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ua)
    .where(and(eq(ua.userId, userId), eq(ua.action, 'followed')));
  return row?.n ?? 0;
}

/** An item's jurisdiction, and whether the member monitors it (an active subscription). */
export async function itemJurisdictionFor(db: DbOrTx, params: { userId: number; legalChangeId: number }) {
  const [row] = await db
    .select({
      jurisdictionId: legalChanges.jurisdictionId,
      name: jurisdictions.name,
      monitored: sql<boolean>`exists (select 1 from ${userSubscriptions} s where s.user_id = ${params.userId} and s.jurisdiction_id = ${legalChanges.jurisdictionId} and s.is_active)`,
    })
    .from(legalChanges)
    .innerJoin(jurisdictions, eq(jurisdictions.id, legalChanges.jurisdictionId))
    .where(eq(legalChanges.id, params.legalChangeId));
  return row ?? null;
}
