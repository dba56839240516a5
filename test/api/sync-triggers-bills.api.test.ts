/**
 * The bill endpoints that sync amendments and build a timeline, over HTTP, on the real app whose
 * upstream URLs point at the replay server (the bills stored by a member's sync first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import type { ReplayServer } from '#test/support/replay-server';
import { postgresUnavailable } from '#test/support/test-database';
import { serveAmendments } from './sync-fixtures';
import { startSyncTriggerApp, syncTriggerCalls } from './sync-triggers-setup';

describe.skipIf(postgresUnavailable())('sync triggers', () => {
  let t: TestApp;
  let replay: ReplayServer;

  beforeAll(async () => {
    ({ t, replay } = await startSyncTriggerApp());
  });
  afterAll(async () => {
    await t?.close();
    await replay?.close();
  });

  const { post, billRow } = syncTriggerCalls(() => t);
  beforeAll(async () => {
    const member = await buildSignedInUser(t.db);
    expect((await post('/api/sync-uk-legislation', member.headers)).statusCode).toBe(200);
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
});
