/**
 * The sync triggers over HTTP, on the real app whose upstream URLs point at the replay server
 * (no job queue in tests: the syncs run in the app's process and are awaited).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalChanges, syncOperations } from '#server/db/schema';
import { csrfTokenFor } from '#server/modules/admin/admin-auth.guard';
import { addDays, daysBetween, ukDay } from '#server/modules/sync/legislation-gov-uk.sync';
import { ADMIN_COOKIE } from '#server/plugins/session';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSession, buildSignedInUser } from '#test/support/factories';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { postgresUnavailable } from '#test/support/test-database';
import {
  FAST_CLIENTS,
  legislationFixture,
  logPath,
  recordedBills,
  serveAmendments,
  serveBills,
  serveEmptyLog,
  serveScottish,
  upstreamEnv,
} from './sync-fixtures';

const APP_SECRET = 'sync-triggers-test-secret-0123456789abcdef';

describe.skipIf(postgresUnavailable())('sync triggers', () => {
  let t: TestApp;
  let replay: ReplayServer;
  const today = ukDay(new Date());

  beforeAll(async () => {
    replay = await startReplayServer();
    serveBills(replay, recordedBills());
    serveEmptyLog(replay, daysBetween(addDays(today, -7), today));
    replay.route({
      path: logPath(today, 'legislation'),
      bodyFile: legislationFixture('publication-log-2026-09-24-legislation-new.feed.xml'),
    });
    serveScottish(replay);
    t = await buildTestApp({
      env: { ...upstreamEnv(replay), APP_SECRET, ADMIN_PASSWORD: 'sync-triggers-admin-password' },
      deps: { syncClientOptions: FAST_CLIENTS },
    });
  });
  afterAll(async () => {
    await t?.close();
    await replay?.close();
  });

  const post = (url: string, headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers, ...(cookies ? { cookies } : {}) });
  const billRow = async (billId: string) =>
    (
      await t.db
        .select()
        .from(legalChanges)
        .where(and(eq(legalChanges.source, 'parliament_bills'), eq(legalChanges.upstreamId, billId)))
    )[0]!;

  async function admin() {
    const token = await buildSession(t.db, 0, { kind: 'admin', userId: null });
    return {
      cookies: { [ADMIN_COOKIE]: token },
      headers: { 'x-csrf-token': csrfTokenFor(APP_SECRET, token) },
    };
  }

  async function finished(operationId: number) {
    for (let i = 0; i < 200; i++) {
      const [op] = await t.db.select().from(syncOperations).where(eq(syncOperations.id, operationId));
      if (op && op.status !== 'running') return op;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`operation ${operationId} did not finish`);
  }

  describe('member triggers', () => {
    it('POST /api/sync-uk-legislation answers 401 to visitors', async () => {
      const res = await post('/api/sync-uk-legislation');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    });

    it('POST /api/sync-uk-legislation runs both syncs and answers the counts', async () => {
      const member = await buildSignedInUser(t.db);
      const res = await post('/api/sync-uk-legislation', member.headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ syncedCount: 26, added: 26, updated: 0, failed: 0, completed: true });
      expect(body.operationIds).toHaveLength(2);
      expect(body.message).toBe(
        'Synced 26 items from UK Parliament and legislation.gov.uk (26 new, 0 updated).',
      );
      const ops = await t.db.select().from(syncOperations);
      expect(ops.map((o) => [o.syncType, o.triggeredBy]).sort()).toEqual([
        ['secondary-legislation', `member:${member.user.id}`],
        ['uk-parliament', `member:${member.user.id}`],
      ]);
    });

    it('limits a member to 3 syncs in 10 minutes', async () => {
      const member = await buildSignedInUser(t.db);
      for (let i = 0; i < 3; i++)
        expect((await post('/api/sync-uk-legislation', member.headers)).statusCode).toBe(200);
      const limited = await post('/api/sync-uk-legislation', member.headers);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('POST /api/sync-secondary-legislation answers the total and the days read', async () => {
      expect((await post('/api/sync-secondary-legislation')).statusCode).toBe(401);
      const member = await buildSignedInUser(t.db);
      const res = await post('/api/sync-secondary-legislation', member.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        totalSynced: 6,
        dateRange: { start: today, end: today },
        completed: true,
      });
    });

    it('POST /api/sync-scottish-parliament answers 502 when the sync cannot read the source', async () => {
      const member = await buildSignedInUser(t.db);
      replay.fault('/api/bills', 'status500', { times: 4 });
      const res = await post('/api/sync-scottish-parliament', member.headers);
      replay.clearFaults();
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({
        code: 'sync_failed',
        message: expect.stringMatching(/could not finish: .*500/),
      });
    });

    it('POST /api/sync-scottish-parliament syncs the Scottish bills', async () => {
      expect((await post('/api/sync-scottish-parliament')).statusCode).toBe(401);
      const member = await buildSignedInUser(t.db);
      const res = await post('/api/sync-scottish-parliament', member.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ syncedCount: 3, added: 3, completed: true });
    });
  });

  describe('POST /api/legal-changes/:id/sync-amendments', () => {
    it('answers 401, 400 for a malformed id or an item that is not a UK bill, 404 for an unknown one', async () => {
      const member = await buildSignedInUser(t.db);
      const bill = await billRow('2818');
      expect((await post(`/api/legal-changes/${bill.id}/sync-amendments`)).statusCode).toBe(401);
      expect((await post('/api/legal-changes/abc/sync-amendments', member.headers)).statusCode).toBe(400);
      expect((await post('/api/legal-changes/2147483000/sync-amendments', member.headers)).statusCode).toBe(
        404,
      );
      const act = await buildLegalChange(t.db, {
        source: 'legislation_gov_uk',
        legislationType: 'ukpga',
        upstreamId: 'ukpga/2099/1',
      });
      const res = await post(`/api/legal-changes/${act.id}/sync-amendments`, member.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('not_a_uk_parliament_bill');
    });

    it('syncs every stage of the bill and answers the counts', async () => {
      const member = await buildSignedInUser(t.db);
      const bill = await billRow('2818');
      serveAmendments(replay, 2818, 12654);
      serveAmendments(replay, 2818, 12655, []);
      const res = await post(`/api/legal-changes/${bill.id}/sync-amendments`, member.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        amendmentCount: 6,
        newAmendments: 6,
        updatedAmendments: 0,
        failedStages: 0,
        operationId: expect.any(Number),
      });
      const again = (await post(`/api/legal-changes/${bill.id}/sync-amendments`, member.headers)).json();
      expect(again).toMatchObject({ amendmentCount: 6, newAmendments: 0 });
    });

    it('answers 502 when the bill stages cannot be read', async () => {
      const member = await buildSignedInUser(t.db);
      const bill = await billRow('3785');
      replay.fault('/api/v1/Bills/3785/Stages', 'status500', { times: 4 });
      const res = await post(`/api/legal-changes/${bill.id}/sync-amendments`, member.headers);
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('upstream_unavailable');
      replay.clearFaults();
    });
  });

  describe('POST /api/legal-changes/:id/create-timeline', () => {
    it('answers 401, 400 and 404', async () => {
      const member = await buildSignedInUser(t.db);
      expect((await post('/api/legal-changes/1/create-timeline')).statusCode).toBe(401);
      expect((await post('/api/legal-changes/0/create-timeline', member.headers)).statusCode).toBe(400);
      expect((await post('/api/legal-changes/2147483000/create-timeline', member.headers)).statusCode).toBe(
        404,
      );
    });

    it('builds a bill timeline from its stages, in the display order (dated newest first, undated last)', async () => {
      const member = await buildSignedInUser(t.db);
      const bill = await billRow('2818');
      const res = await post(`/api/legal-changes/${bill.id}/create-timeline`, member.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().map((e: { title: string; eventDate: string | null }) => [e.title, e.eventDate]),
      ).toEqual([
        ['1st reading in the House of Commons', '2021-01-12'],
        ['2nd reading in the House of Commons', null],
      ]);
    });

    it('falls back to the dates held for an item whose source cannot give a timeline', async () => {
      const member = await buildSignedInUser(t.db);
      const item = await buildLegalChange(t.db, {
        source: 'legislation_gov_uk',
        upstreamId: 'uksi/2099/7',
        category: 'secondary',
        legislationType: 'uksi',
        madeDate: '2099-01-10',
        dateLaid: '2099-01-12',
        effectiveDate: '2099-02-01',
        currentStage: null,
      });
      const res = await post(`/api/legal-changes/${item.id}/create-timeline`, member.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().map((e: { title: string; eventType: string }) => [e.title, e.eventType])).toEqual([
        ['Comes into force', 'effective'],
        ['Laid before Parliament', 'other'],
        ['Made', 'enacted'],
      ]);
    });
  });

  describe('administrator', () => {
    it('answers 401 without an administrator session and 403 without the CSRF token', async () => {
      const member = await buildSignedInUser(t.db);
      expect((await post('/api/admin/sync/uk-parliament', member.headers)).statusCode).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/admin/legislation-sync-cache',
            headers: member.headers,
          })
        ).statusCode,
      ).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/monitoring-logs' })).statusCode).toBe(401);
      const { cookies } = await admin();
      expect((await post('/api/admin/sync/uk-parliament', {}, cookies)).statusCode).toBe(403);
    });

    it('POST /api/admin/sync/:kind starts the sync and answers its operation id; an unknown kind is a 400', async () => {
      const { cookies, headers } = await admin();
      expect((await post('/api/admin/sync/eu-law', headers, cookies)).statusCode).toBe(400);
      for (const kind of ['uk-parliament', 'secondary-legislation', 'scottish-parliament']) {
        const res = await post(`/api/admin/sync/${kind}`, headers, cookies);
        expect(res.statusCode, res.body).toBe(202);
        const { operationId, message } = res.json();
        expect(message).toMatch(/sync has started/);
        const op = await finished(operationId);
        expect(op).toMatchObject({ syncType: kind, triggeredBy: 'admin', status: 'completed' });
      }
    });

    it('POST /api/admin/sync-legislation answers the totals of both syncs', async () => {
      const { cookies, headers } = await admin();
      const res = await post('/api/admin/sync-legislation', headers, cookies);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        totalBillsFromParliament: expect.any(Number),
        totalSecondaryLegislation: 6,
        completed: true,
      });
    });

    it('GET /api/admin/legislation-sync-cache lists the 20 newest operations with every counter and the detailed tracking', async () => {
      const { cookies } = await admin();
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/legislation-sync-cache', cookies });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.operations.length).toBeLessThanOrEqual(20);
      expect(body.summary.completed).toBeGreaterThanOrEqual(
        body.operations.filter((o: { status: string }) => o.status === 'completed').length,
      );
      const scottish = body.operations.find(
        (o: { syncType: string; newPrimaryRecords: number }) =>
          o.syncType === 'scottish-parliament' && o.newPrimaryRecords === 3,
      );
      expect(scottish).toMatchObject({
        totalRecordsProcessed: 3,
        status: 'completed',
        failedPrimaryRecords: 0,
      });
      expect(
        scottish.details.detailedTracking.addedRecords.map((r: { billId: string }) => r.billId).sort(),
      ).toEqual(['901', '902', '903']);
      const failed = body.operations.find(
        (o: { syncType: string; status: string }) =>
          o.syncType === 'scottish-parliament' && o.status === 'failed',
      );
      expect(failed.errorMessage).toMatch(/500/);
      expect(Object.keys(scottish)).toEqual(
        expect.arrayContaining(['newAmendmentRecords', 'failedSecondaryRecords', 'startedAt', 'completedAt']),
      );
    });

    it('GET /api/admin/monitoring-logs lists the newest upstream calls', async () => {
      const { cookies } = await admin();
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/monitoring-logs', cookies });
      expect(res.statusCode).toBe(200);
      const logs = res.json();
      expect(logs.length).toBeGreaterThan(0);
      expect(logs.length).toBeLessThanOrEqual(200);
      expect(logs[0]).toEqual({
        id: expect.any(Number),
        operation: expect.any(String),
        jurisdiction: expect.any(String),
        details: expect.stringMatching(/^GET \//),
        status: expect.stringMatching(/^(success|failed)$/),
        startedAt: expect.any(String),
        completedAt: expect.any(String),
        duration: expect.any(Number),
      });
    });
  });
});
