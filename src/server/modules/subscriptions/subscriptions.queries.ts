import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { jurisdictions, lawAreas, userSubscriptions, users } from '#server/db/schema';
import { UK_JURISDICTION_ID } from '#shared/reference-data';

const us = userSubscriptions;

export const DEFAULT_LAW_AREA_ID = 1;

export interface SubscriptionRow {
  id: number;
  jurisdictionId: number;
  lawAreaId: number;
  isActive: boolean;
  jurisdictionName: string;
  jurisdictionFlag: string;
  lawAreaName: string;
}

/** The member's tracked pairs with their names. */
export async function listSubscriptions(db: DbOrTx, userId: number): Promise<SubscriptionRow[]> {
  return db
    .select({
      id: us.id,
      jurisdictionId: us.jurisdictionId,
      lawAreaId: us.lawAreaId,
      isActive: us.isActive,
      jurisdictionName: jurisdictions.name,
      jurisdictionFlag: jurisdictions.flag,
      lawAreaName: lawAreas.name,
    })
    .from(us)
    .innerJoin(jurisdictions, eq(jurisdictions.id, us.jurisdictionId))
    .innerJoin(lawAreas, eq(lawAreas.id, us.lawAreaId))
    .where(eq(us.userId, userId))
    .orderBy(asc(us.jurisdictionId), asc(us.lawAreaId));
}

/** A new member tracks the UK with the first law area. */
export async function insertDefaultSubscription(db: DbOrTx, userId: number): Promise<void> {
  await db
    .insert(us)
    .values({ userId, jurisdictionId: UK_JURISDICTION_ID, lawAreaId: DEFAULT_LAW_AREA_ID, isActive: true })
    .onConflictDoNothing();
}

export interface SubscriptionState {
  jurisdiction: { name: string; flag: string; isActive: boolean } | null;
  lawArea: { name: string } | null;
  subscriptions: { id: number; jurisdictionId: number; lawAreaId: number; isActive: boolean }[];
}

/** The named jurisdiction and law area (null when unknown) and all the member's pairs, in one statement. */
export async function subscriptionState(
  db: DbOrTx,
  userId: number,
  pair: { jurisdictionId: number; lawAreaId: number },
): Promise<SubscriptionState> {
  const { rows } = await db.execute<{
    jurisdiction: SubscriptionState['jurisdiction'];
    law_area: SubscriptionState['lawArea'];
    subscriptions: SubscriptionState['subscriptions'];
  }>(sql`
    select
      (select json_build_object('name', name, 'flag', flag, 'isActive', is_active) from ${jurisdictions} where id = ${pair.jurisdictionId}) as jurisdiction,
      (select json_build_object('name', name) from ${lawAreas} where id = ${pair.lawAreaId}) as law_area,
      coalesce((select json_agg(json_build_object('id', id, 'jurisdictionId', jurisdiction_id, 'lawAreaId', law_area_id, 'isActive', is_active))
        from ${us} where user_id = ${userId}), '[]'::json) as subscriptions`);
  const row = rows[0];
  return {
    jurisdiction: row?.jurisdiction ?? null,
    lawArea: row?.law_area ?? null,
    subscriptions: row?.subscriptions ?? [],
  };
}

/**
 * Flips (`toggle`) or switches on (`activate`) the member's pair, creating it active when
 * missing. Holds the member's row lock until the transaction ends, so limit checks that follow
 * see every earlier change by the same member. Null when the jurisdiction or law area is unknown.
 */
export async function writeSubscription(
  db: DbOrTx,
  p: { userId: number; jurisdictionId: number; lawAreaId: number; mode: 'toggle' | 'activate' },
): Promise<{ id: number; isActive: boolean } | null> {
  const next = p.mode === 'toggle' ? sql`not ${us.isActive}` : sql`true`;
  const { rows } = await db.execute<{ id: number; isActive: boolean }>(sql`
    with member as (select ${users.id} as id from ${users} where ${users.id} = ${p.userId} for no key update)
    insert into ${us} (user_id, jurisdiction_id, law_area_id, is_active)
    select member.id, j.id, a.id, true from member, ${jurisdictions} j, ${lawAreas} a
    where j.id = ${p.jurisdictionId} and a.id = ${p.lawAreaId}
    on conflict (user_id, jurisdiction_id, law_area_id) do update set is_active = ${next}
    returning id, is_active as "isActive"`);
  return rows[0] ?? null;
}

/** Deletes one of the member's pairs; false when the member has no such pair. */
export async function deleteSubscription(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(us)
    .where(and(eq(us.id, id), eq(us.userId, userId)))
    .returning({ id: us.id });
  return rows.length > 0;
}
