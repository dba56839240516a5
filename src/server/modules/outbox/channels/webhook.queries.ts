/** The webhooks as the sender sees them: where to post, and each post's outcome. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { outbox, users, userWebhooks } from '#server/db/schema';
import type { WebhookKind } from '#shared/schemas/webhooks';

export interface HookTarget {
  id: number;
  userId: number;
  kind: WebhookKind;
  url: string;
  disabledAt: Date | null;
  failureCount: number;
  /** a generic hook's signing secret */
  signingSecret: string | null;
}

const target = {
  id: userWebhooks.id,
  userId: userWebhooks.userId,
  kind: userWebhooks.kind,
  url: userWebhooks.url,
  disabledAt: userWebhooks.disabledAt,
  failureCount: userWebhooks.failureCount,
  signingSecret: userWebhooks.signingSecret,
};

export async function findHook(db: DbOrTx, id: number): Promise<HookTarget | undefined> {
  const [hook] = await db.select(target).from(userWebhooks).where(eq(userWebhooks.id, id));
  return hook;
}

/** A post went: the hook's count of failures in a row starts again. */
export async function clearHookFailures(db: DbOrTx, id: number): Promise<void> {
  await db.update(userWebhooks).set({ failureCount: 0, lastError: null }).where(eq(userWebhooks.id, id));
}

/** A post failed: one more failure, and the hook is disabled once there are `maxFailures` in a row. */
export async function addHookFailure(
  db: DbOrTx,
  params: { id: number; error: string; maxFailures: number },
): Promise<HookTarget | undefined> {
  const [hook] = await db
    .update(userWebhooks)
    .set({
      failureCount: sql`${userWebhooks.failureCount} + 1`,
      lastError: params.error,
      disabledAt: sql`case when ${userWebhooks.disabledAt} is null and ${userWebhooks.failureCount} + 1 >= ${params.maxFailures} then now() else ${userWebhooks.disabledAt} end`,
    })
    .where(eq(userWebhooks.id, params.id))
    .returning(target);
  return hook;
}

/** The hook's queued posts fail: it was disabled. */
export async function failQueuedPostsOf(db: DbOrTx, hookId: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'failed', lastError: 'the webhook was disabled after repeated failures' })
    .where(and(eq(outbox.webhookId, hookId), eq(outbox.status, 'queued')));
}

export async function findHookOwner(
  db: DbOrTx,
  userId: number,
): Promise<{ email: string; firstName: string; language: string } | undefined> {
  const [member] = await db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return member;
}
