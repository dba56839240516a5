/** The api_keys table: a member's keys, and the key a request presents (by its hash). */
import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { apiKeys, users } from '#server/db/schema';
import type { ApiKeyScope } from '#shared/api-keys';

const k = apiKeys;

const summaryColumns = {
  id: k.id,
  name: k.name,
  scopes: k.scopes,
  prefix: k.prefix,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt,
};

export async function insertApiKey(
  db: DbOrTx,
  values: { userId: number; name: string; prefix: string; keyHash: string; scopes: ApiKeyScope[] },
) {
  const [row] = await db.insert(k).values(values).returning(summaryColumns);
  return row!;
}

export async function countActiveKeys(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(k)
    .where(and(eq(k.userId, userId), isNull(k.revokedAt)));
  return row?.n ?? 0;
}

/** The member's keys that still work, newest first. */
export async function listActiveKeys(db: DbOrTx, userId: number) {
  return db
    .select(summaryColumns)
    .from(k)
    .where(and(eq(k.userId, userId), isNull(k.revokedAt)))
    .orderBy(sql`${k.createdAt} desc`, asc(k.id));
}

/** Revokes one of the member's keys; false when they have no such working key. */
export async function revokeKey(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(k)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(k.id, id), eq(k.userId, userId), isNull(k.revokedAt)))
    .returning({ id: k.id });
  return rows.length > 0;
}

/**
 * The working key with this hash and its member as a request needs them: the plan, and the
 * legislation types they do not see (as the session reads them); null for an unknown or revoked
 * key, or a suspended member.
 */
export async function keyByHash(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select({
      keyId: k.id,
      scopes: k.scopes,
      lastUsedAt: k.lastUsedAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      subscriptionTier: users.subscriptionTier,
      disabledTypes: sql<
        string[]
      >`array(select p.legislation_type_code from user_legislation_preferences p where p.user_id = ${users.id} and not p.enabled
                union select g.code from legislation_types g where not g.globally_available)`,
    })
    .from(k)
    .innerJoin(users, eq(users.id, k.userId))
    .where(and(eq(k.keyHash, keyHash), isNull(k.revokedAt), isNull(users.suspendedAt)));
  return row ?? null;
}

/** Records a key's use, at most once a minute (a busy key does not write on every request). */
export async function touchKey(db: DbOrTx, keyId: number): Promise<void> {
  await db
    .update(k)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(eq(k.id, keyId), or(isNull(k.lastUsedAt), lt(k.lastUsedAt, sql`now() - interval '1 minute'`))),
    );
}
