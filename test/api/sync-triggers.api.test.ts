/**
 * The sync triggers over HTTP, on the real app whose upstream URLs point at the replay server
 * (no job queue in tests: the syncs run in the app's process and are awaited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncOperations } from '#server/db/schema';
import { ukDay } from '#server/modules/sync/legislation-gov-uk.sync';
import type { TestApp } from '#test/support/build-test-app';
import { buildSignedInUser } from '#test/support/factories';
import type { ReplayServer } from '#test/support/replay-server';
import { postgresUnavailable } from '#test/support/test-database';
import { startSyncTriggerApp, syncTriggerCalls } from './sync-triggers-setup';

describe.skipIf(postgresUnavailable())('sync triggers', () => {
  let t: TestApp;
  let replay: ReplayServer;
  const today = ukDay(new Date());

  beforeAll(async () => {
    ({ t, replay } = await startSyncTriggerApp());
  });
  afterAll(async () => {
    await t?.close();
    await replay?.close();
  });

  const { post, admin, finished } = syncTriggerCalls(() => t);

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

    it('POST /api/admin/sync/:kind queues the sync and answers its operation id; an unknown kind is a 400', async () => {
      const { cookies, headers } = await admin();
      expect((await post('/api/admin/sync/eu-law', headers, cookies)).statusCode).toBe(400);
      for (const kind of ['uk-parliament', 'secondary-legislation', 'scottish-parliament']) {
        const res = await post(`/api/admin/sync/${kind}`, headers, cookies);
        expect(res.statusCode, res.body).toBe(202);
        const { operationId, message } = res.json();
        expect(message).toMatch(/sync is queued for a worker/);
        expect(res.json().status).toBe('queued');
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
