/**
 * Shared by the sync trigger tests: the app whose upstream URLs point at a replay server serving
 * the recorded bills, publication log and Scottish bills, and the calls the tests make on it.
 */
import { and, eq } from 'drizzle-orm';
import { legalChanges, syncOperations } from '#server/db/schema';
import { csrfTokenFor } from '#server/modules/admin/admin-auth.guard';
import { addDays, daysBetween, ukDay } from '#server/modules/sync/legislation-gov-uk.sync';
import { ADMIN_COOKIE } from '#server/plugins/session';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSession } from '#test/support/factories';
import { startReplayServer } from '#test/support/replay-server';
import {
  FAST_CLIENTS,
  legislationFixture,
  logPath,
  recordedBills,
  serveBills,
  serveEmptyLog,
  serveScottish,
  upstreamEnv,
} from './sync-fixtures';

const APP_SECRET = 'sync-triggers-test-secret-0123456789abcdef';

export async function startSyncTriggerApp() {
  const today = ukDay(new Date());
  const replay = await startReplayServer();
  serveBills(replay, recordedBills());
  serveEmptyLog(replay, daysBetween(addDays(today, -7), today));
  replay.route({
    path: logPath(today, 'legislation'),
    bodyFile: legislationFixture('publication-log-2026-09-24-legislation-new.feed.xml'),
  });
  serveScottish(replay);
  try {
    const t = await buildTestApp({
      env: { ...upstreamEnv(replay), APP_SECRET, ADMIN_PASSWORD: 'sync-triggers-admin-password' },
      deps: { syncClientOptions: FAST_CLIENTS },
    });
    return { t, replay };
  } catch (error) {
    await replay.close();
    throw error;
  }
}

/** The calls, reading the suite's app (set in its beforeAll) when made. */
export function syncTriggerCalls(app: () => TestApp) {
  const post = (url: string, headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
    app().app.inject({ method: 'POST', url, headers, ...(cookies ? { cookies } : {}) });
  const billRow = async (billId: string) =>
    (
      await app()
        .db.select()
        .from(legalChanges)
        .where(and(eq(legalChanges.source, 'parliament_bills'), eq(legalChanges.upstreamId, billId)))
    )[0]!;

  async function admin() {
    const token = await buildSession(app().db, 0, { kind: 'admin', userId: null });
    return {
      cookies: { [ADMIN_COOKIE]: token },
      headers: { 'x-csrf-token': csrfTokenFor(APP_SECRET, token) },
    };
  }

  async function finished(operationId: number) {
    for (let i = 0; i < 200; i++) {
      const [op] = await app().db.select().from(syncOperations).where(eq(syncOperations.id, operationId));
      if (op && op.status !== 'running') return op;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`operation ${operationId} did not finish`);
  }
  return { post, billRow, admin, finished };
}
