/**
 * Shared by the UK Parliament bills sync tests: the sync context on the suite's database and
 * replay server, a run reading list pages of 8 bills, a bill's stored row and a run's events.
 */
import { and, eq } from 'drizzle-orm';
import { changeEvents, legalChanges } from '#server/db/schema';
import { runSync } from '#server/modules/sync/run-sync';
import type { ReplayServer } from '#test/support/replay-server';
import type { TestDatabase } from '#test/support/test-database';
import { syncContext } from './sync-fixtures';

/** The helpers, reading the suite's database and replay server (set in its beforeAll) when called. */
export function parliamentSync(suite: () => { database: TestDatabase; replay: ReplayServer }) {
  const db = () => suite().database.db;
  const ctx = () => syncContext(db(), suite().replay);
  /** list pages of 8 bills, so a run reads several */
  const syncBills = () => runSync(ctx(), 'uk-parliament', { triggeredBy: 'test', options: { take: 8 } });
  const rowOf = async (billId: number) =>
    (
      await db()
        .select()
        .from(legalChanges)
        .where(and(eq(legalChanges.source, 'parliament_bills'), eq(legalChanges.upstreamId, String(billId))))
    )[0]!;
  const eventsOf = async (runId: number | null) =>
    db()
      .select()
      .from(changeEvents)
      .where(eq(changeEvents.syncOperationId, runId ?? -1));
  return { db, ctx, syncBills, rowOf, eventsOf };
}
