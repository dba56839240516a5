/**
 * The UK Parliament bills sync against the replay server serving the recorded Bills API
 * responses: every mapped field lands in the database, a second run picks up only what
 * changed, and an identical run changes nothing.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documents,
  legalChanges,
  monitoringLogs,
  syncCursors,
  syncOperations,
  timelineEvents,
} from '#server/db/schema';
import { runSync } from '#server/modules/sync/run-sync';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import { recordedBills, serveBill, serveBills, detailOf, stagesOf, type RawBill } from './sync-fixtures';
import { parliamentSync } from './ingestion-parliament-setup';

describe.skipIf(postgresUnavailable())('UK Parliament bills sync', () => {
  let database: TestDatabase;
  let replay: ReplayServer;
  const bills = recordedBills();

  beforeAll(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer();
  });
  afterAll(async () => {
    await replay?.close();
    await database?.destroy();
  });

  const { db, syncBills, rowOf, eventsOf } = parliamentSync(() => ({ database, replay }));

  describe('a first run', () => {
    let first: Awaited<ReturnType<typeof runSync>>;
    beforeAll(async () => {
      replay.reset();
      serveBills(replay, bills, { take: 8 });
      first = await syncBills();
    });

    it('stores every listed bill once, counted as new Primary records with detailed tracking', async () => {
      expect(first.status, first.errorMessage ?? '').toBe('completed');
      expect(first.items).toEqual({ added: 20, updated: 0, unchanged: 0, failed: 0 });
      const [stored] = await db()
        .select({ n: count() })
        .from(legalChanges)
        .where(eq(legalChanges.source, 'parliament_bills'));
      expect(stored!.n).toBe(20);
      const [op] = await db().select().from(syncOperations).where(eq(syncOperations.id, first.operationId!));
      expect(op).toMatchObject({
        syncType: 'uk-parliament',
        status: 'completed',
        newPrimaryRecords: 20,
        triggeredBy: 'test',
      });
      const added = (op!.details as { detailedTracking: { addedRecords: Record<string, unknown>[] } })
        .detailedTracking.addedRecords;
      expect(added).toHaveLength(20);
      expect(added.find((r) => r.billId === '2818')).toMatchObject({
        title: 'Abolition of Business Rates Bill',
        dbId: (await rowOf(2818)).id,
        currentStage: '2nd reading',
        currentHouse: 'Commons',
        parliamentarySession: '2019-21',
        source: 'parliament_bills',
      });
    });

    it('maps every field of bill 2818 (detail + stages + publications) into the database', async () => {
      const row = await rowOf(2818);
      expect(row).toMatchObject({
        title: 'Abolition of Business Rates Bill',
        longTitle: 'A Bill to abolish business rates; and for connected purposes.',
        description: null,
        category: 'primary',
        legislationType: 'uk_parliament_bill',
        status: 'active',
        jurisdictionId: 1,
        parliamentarySession: '2019-21',
        currentHouse: 'Commons',
        currentStage: '2nd reading',
        currentStageDate: null,
        officialUrl: 'https://bills.parliament.uk/bills/2818',
        isDraft: false,
        withdrawn: false,
        defeated: false,
        proposedDate: '2021-01-12',
        enactmentDate: null,
        departmentName: null,
        itemDate: '2021-01-12',
      });
      expect(row.lastUpdatedDate?.toISOString()).toBe('2021-05-04T09:42:08.057Z');
      expect(row.contentHash).toMatch(/^[0-9a-f]{64}$/);
      const timeline = await db()
        .select()
        .from(timelineEvents)
        .where(eq(timelineEvents.legalChangeId, row.id))
        .orderBy(timelineEvents.sortOrder);
      expect(
        timeline.map((e) => [e.upstreamId, e.title, e.eventDate, e.eventType, e.house, e.sourceName]),
      ).toEqual([
        [
          'stage:12654',
          '1st reading in the House of Commons',
          '2021-01-12',
          'proposed',
          'Commons',
          'UK Parliament',
        ],
        ['stage:12655', '2nd reading in the House of Commons', null, 'other', 'Commons', 'UK Parliament'],
      ]);
      const docs = await db().select().from(documents).where(eq(documents.legalChangeId, row.id));
      expect(docs).toHaveLength(41);
      expect(docs.find((d) => d.upstreamId === '2756')).toMatchObject({
        title: 'Constitutional Reform and Governance Act 2010 c.25',
        documentType: 'act',
        fileFormat: 'PDF',
        publishedDate: '2010-04-12',
        description: 'Act of Parliament (Commons)',
        downloadUrl: 'http://www.opsi.gov.uk/acts/acts2010/pdf/ukpga_20100025_en.pdf',
      });
      const act = await rowOf(642);
      expect(act).toMatchObject({
        title: 'Academies Act 2010',
        status: 'enacted',
        currentHouse: 'Unassigned',
        currentStage: 'Royal Assent',
        parliamentarySession: '2010-12',
      });
    });

    it('writes one monitoring log per upstream call and moves the cursor to the newest lastUpdate', async () => {
      const logs = await db()
        .select()
        .from(monitoringLogs)
        .where(eq(monitoringLogs.syncOperationId, first.operationId!));
      // 3 list pages of 8, then detail, stages and publications of each of the 20 bills
      expect(logs).toHaveLength(3 + 20 * 3);
      expect(
        logs.every((l) => l.status === 'success' && l.jurisdiction === 'UK' && l.durationMs !== null),
      ).toBe(true);
      expect(logs.map((l) => l.operation)).toContain('parliament_bills: Fetch bill stages');
      expect(new Set(replay.requests.map((r) => r.headers['user-agent']))).toEqual(
        new Set(['Lexwatch/0.1 (+http://localhost:5000)']),
      );
      const [cursor] = await db()
        .select()
        .from(syncCursors)
        .where(eq(syncCursors.source, 'parliament_bills'));
      expect(cursor!.cursor).toEqual({ highWaterMark: '2024-10-17T12:37:43.607Z', retryBillIds: [] });
    });

    it('raises no alerts for a first load: its change events are already processed', async () => {
      const events = await eventsOf(first.operationId);
      expect(events).toHaveLength(20);
      expect(events.every((e) => e.kind === 'new_item' && e.processedAt !== null)).toBe(true);
    });
  });

  describe('later runs', () => {
    it('an identical run reads only the overlap window, reports it unchanged and writes no change event', async () => {
      replay.clearRequests();
      const again = await syncBills();
      expect(again.status).toBe('completed');
      // only bills updated within a day of the high-water mark are read again: bill 3785
      expect(again.items).toEqual({ added: 0, updated: 0, unchanged: 1, failed: 0 });
      expect(replay.requestsTo('/api/v1/Bills/3785')).toHaveLength(1);
      expect(replay.requestsTo('/api/v1/Bills/2818')).toHaveLength(0);
      expect(await eventsOf(again.operationId)).toEqual([]);
      expect(again.changeEvents).toBe(0);
    });

    it('a bill whose lastUpdate and stage moved is the one picked up, with one stage_changed event', async () => {
      const moved: RawBill = {
        ...bills.find((b) => b.billId === 2818)!,
        lastUpdate: '2026-11-20T09:15:00.1234567',
        currentStage: {
          id: 12656,
          stageId: 8,
          sessionId: 35,
          description: 'Committee stage',
          abbreviation: 'CS',
          house: 'Commons',
          stageSittings: [
            { id: 11600, stageId: 8, billStageId: 12656, billId: 2818, date: '2026-11-19T00:00:00' },
          ],
          sortOrder: 3,
        },
      };
      replay.reset();
      serveBills(replay, [moved, ...bills.filter((b) => b.billId !== 2818)], { take: 8 });
      serveBill(replay, detailOf(moved), [
        ...stagesOf(bills.find((b) => b.billId === 2818)!),
        moved.currentStage,
      ]);
      const run = await syncBills();
      // the moved bill, and bill 3785 again (within the overlap of the previous high-water mark), oldest first
      expect(run.items).toEqual({ added: 0, updated: 1, unchanged: 1, failed: 0 });
      expect(
        replay.requests.filter((r) => /^\/api\/v1\/Bills\/\d+$/.test(r.path)).map((r) => r.path),
      ).toEqual(['/api/v1/Bills/3785', '/api/v1/Bills/2818']);
      const events = await eventsOf(run.operationId);
      expect(events.map((e) => e.kind)).toEqual(['stage_changed']);
      expect(events[0]!.before).toEqual({ stage: '2nd reading', house: 'Commons', date: null });
      expect(events[0]!.after).toEqual({ stage: 'Committee stage', house: 'Commons', date: '2026-11-19' });
      expect(events[0]!.processedAt).toBeNull();
      const row = await rowOf(2818);
      expect(row).toMatchObject({ currentStage: 'Committee stage', currentStageDate: '2026-11-19' });
      const timeline = await db()
        .select()
        .from(timelineEvents)
        .where(eq(timelineEvents.legalChangeId, row.id));
      expect(timeline.map((e) => e.upstreamId).sort()).toEqual(['stage:12654', 'stage:12655', 'stage:12656']);
      const [op] = await db().select().from(syncOperations).where(eq(syncOperations.id, run.operationId!));
      const updated = (op!.details as { detailedTracking: { updatedRecords: Record<string, unknown>[] } })
        .detailedTracking.updatedRecords;
      expect(updated).toEqual([
        expect.objectContaining({
          billId: '2818',
          changeType: 'stage_changed',
          fieldsChanged: expect.arrayContaining(['currentStage', 'currentStageDate', 'timeline']),
        }),
      ]);
    });
  });
});
