/** The member's follows counted and dismissed by legislation type, and their profile settings. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { legalChanges, userActions, users } from '#server/db/schema';
import type { UserSettingsUpdate } from '#shared/schemas/settings';

/** Followed items per item legislation type. */
export async function followedCountsByItemType(
  db: Db,
  params: { userId: number },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ type: legalChanges.legislationType, n: sql<number>`count(*)::int` })
    .from(userActions)
    .innerJoin(legalChanges, eq(legalChanges.id, userActions.legalChangeId))
    .where(and(eq(userActions.userId, params.userId), eq(userActions.action, 'followed')))
    .groupBy(legalChanges.legislationType);
  return new Map(rows.map((r) => [r.type, r.n]));
}

/** The member's follows of items of these types become dismissals; answers how many. */
export async function dismissFollowedOfTypes(
  db: Db,
  params: { userId: number; itemTypes: string[] },
): Promise<number> {
  const rows = await db
    .update(userActions)
    .set({ action: 'dismissed', updatedAt: new Date() })
    .where(
      and(
        eq(userActions.userId, params.userId),
        eq(userActions.action, 'followed'),
        inArray(
          userActions.legalChangeId,
          db
            .select({ id: legalChanges.id })
            .from(legalChanges)
            .where(inArray(legalChanges.legislationType, params.itemTypes)),
        ),
      ),
    )
    .returning({ id: userActions.id });
  return rows.length;
}

export async function updateProfileSettings(
  db: Db,
  params: {
    userId: number;
    values: UserSettingsUpdate;
  },
) {
  const [row] = await db
    .update(users)
    .set({ ...params.values, updatedAt: new Date() })
    .where(eq(users.id, params.userId))
    .returning({
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      language: users.language,
      timezone: users.timezone,
    });
  return row!;
}
