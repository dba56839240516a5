/** A member's webhooks (`user_webhooks`): team chats and signed generic hooks. */
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { users, userWebhooks } from '#server/db/schema';
import type { WebhookKind } from '#shared/schemas/webhooks';

export interface WebhookRow {
  id: number;
  kind: WebhookKind;
  url: string;
  failureCount: number;
  lastError: string | null;
  createdAt: Date;
  disabledAt: Date | null;
}

const hookColumns = {
  id: userWebhooks.id,
  kind: userWebhooks.kind,
  url: userWebhooks.url,
  failureCount: userWebhooks.failureCount,
  lastError: userWebhooks.lastError,
  createdAt: userWebhooks.createdAt,
  disabledAt: userWebhooks.disabledAt,
};

export async function listHooksOf(db: DbOrTx, userId: number): Promise<WebhookRow[]> {
  return db
    .select(hookColumns)
    .from(userWebhooks)
    .where(eq(userWebhooks.userId, userId))
    .orderBy(asc(userWebhooks.id));
}

/** One member's adds in turn (until the transaction ends), so two at once cannot pass the limit together. */
export async function lockHooksOf(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user-webhooks'), ${userId})`);
}

export async function countHooksOf(db: DbOrTx, userId: number): Promise<number> {
  const [existing] = await db
    .select({ n: count() })
    .from(userWebhooks)
    .where(eq(userWebhooks.userId, userId));
  return existing?.n ?? 0;
}

export async function insertHook(
  db: DbOrTx,
  params: { userId: number; kind: WebhookKind; url: string; signingSecret: string | null },
): Promise<WebhookRow> {
  const [row] = await db.insert(userWebhooks).values(params).returning(hookColumns);
  return row!;
}

/** True when the member's hook was there to delete. */
export async function deleteHook(db: DbOrTx, params: { userId: number; id: number }): Promise<boolean> {
  const rows = await db
    .delete(userWebhooks)
    .where(and(eq(userWebhooks.id, params.id), eq(userWebhooks.userId, params.userId)))
    .returning({ id: userWebhooks.id });
  return rows.length > 0;
}

/** Active hooks of these members, oldest first; members on the trial (e.g. after a downgrade) have none. */
export async function activeHooksOf(
  db: DbOrTx,
  userIds: number[],
): Promise<{ id: number; userId: number; kind: WebhookKind; url: string }[]> {
  return db
    .select({
      id: userWebhooks.id,
      userId: userWebhooks.userId,
      kind: userWebhooks.kind,
      url: userWebhooks.url,
    })
    .from(userWebhooks)
    .innerJoin(users, sql`${users.id} = ${userWebhooks.userId}`)
    .where(
      and(
        inArray(userWebhooks.userId, userIds),
        isNull(userWebhooks.disabledAt),
        ne(users.subscriptionTier, 'trial'),
      ),
    )
    .orderBy(userWebhooks.id);
}
