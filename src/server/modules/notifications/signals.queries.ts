/** What notification streams ask the database: NOTIFY signals and which sessions still live. */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { sessions } from '#server/db/schema';

/** NOTIFY on a channel (inside a transaction: delivered at its commit). */
export async function sendSignal(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Which of these member sessions still exist and have not expired (one query for any number). */
export async function liveSessionIds(db: DbOrTx, params: { ids: string[] }): Promise<Set<string>> {
  if (!params.ids.length) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        sql`${sessions.id} = any(${`{${params.ids.join(',')}}`}::uuid[])`,
        eq(sessions.kind, 'member'),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
