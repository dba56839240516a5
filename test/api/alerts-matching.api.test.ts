import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertItems,
  alertPreferences,
  changeEvents,
  notifications,
  searchTerms,
  userActions,
  userLegislationPreferences,
} from '#server/db/schema';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { TERM_LEXEME_INDEX_SQL } from '#server/modules/alerts/term-matching';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

type Kind = (typeof changeEvents.$inferInsert)['kind'];

// both ways of finding term candidates: by scanning the terms, and through the proposed index
describe.skipIf(postgresUnavailable()).each([false, true])(
  'alert matching (term lexeme index: %s)',
  (indexed) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
      if (indexed) await t.database.pool.query(TERM_LEXEME_INDEX_SQL);
    });
    afterAll(() => t.close());

    const match = () => matchAlerts(t.db, { notifyPostgres: t.database.mode === 'postgres' });
    const event = async (
      legalChangeId: number,
      kind: Kind = 'new_item',
      before: unknown = null,
      after: unknown = null,
    ) => {
      const [row] = await t.db
        .insert(changeEvents)
        .values({ legalChangeId, kind, before, after })
        .returning();
      return row!;
    };
    const memberWithTerms = async (...terms: string[]) => {
      const user = await buildUser(t.db);
      for (const term of terms) await t.db.insert(searchTerms).values({ userId: user.id, searchTerm: term });
      return user;
    };
    const notified = async (userId: number) =>
      t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

    it('matches phrases as phrases, whole words only, in any case, across title, long title and description', async () => {
      const phrase = await memberWithTerms('data protection');
      const shouting = await memberWithTerms('DATA PROTECTION');
      const word = await memberWithTerms('tax');
      const longTitleTerm = await memberWithTerms('fisheries');
      const descriptionTerm = await memberWithTerms('hedgerow');

      const dataBill = await buildLegalChange(t.db, {
        title: 'Data Protection (Amendment) Bill',
        longTitle: null,
        description: null,
      });
      const reversed = await buildLegalChange(t.db, {
        title: 'Protection of Data Bill',
        longTitle: null,
        description: 'Data about protection.',
      });
      const syntax = await buildLegalChange(t.db, {
        title: 'Syntax and Taxonomy Regulations',
        longTitle: null,
        description: null,
      });
      const taxes = await buildLegalChange(t.db, {
        title: 'Taxes (Miscellaneous) Bill',
        longTitle: null,
        description: null,
      });
      const fish = await buildLegalChange(t.db, {
        title: 'Marine Bill',
        longTitle: 'A Bill to make provision about sea fisheries.',
        description: null,
      });
      const hedges = await buildLegalChange(t.db, {
        title: 'Countryside Bill',
        longTitle: null,
        description: 'Protects every hedgerow in England.',
      });
      for (const item of [dataBill, reversed, syntax, taxes, fish, hedges]) await event(item.id);
      await match();

      const items = async (userId: number) => (await notified(userId)).map((n) => n.legislationId);
      expect(await items(phrase.id)).toEqual([dataBill.id]);
      expect(await items(shouting.id)).toEqual([dataBill.id]);
      expect(await items(word.id)).toEqual([taxes.id]);
      expect(await items(longTitleTerm.id)).toEqual([fish.id]);
      expect(await items(descriptionTerm.id)).toEqual([hedges.id]);
      const [n] = await notified(phrase.id);
      expect(n).toMatchObject({
        type: 'new',
        title: 'New: Data Protection (Amendment) Bill',
        dedupeKey: expect.stringMatching(/^inapp:\d+:\d+$/),
      });
      expect(n!.message).not.toMatch(/amendment/i);
    });

    it('ignores inactive terms and items the member dismissed', async () => {
      const inactive = await buildUser(t.db);
      await t.db.insert(searchTerms).values({ userId: inactive.id, searchTerm: 'quarry', isActive: false });
      const dismisser = await memberWithTerms('quarry');
      const item = await buildLegalChange(t.db, { title: 'Quarry Safety Bill' });
      await t.db
        .insert(userActions)
        .values({ userId: dismisser.id, legalChangeId: item.id, action: 'dismissed' });
      await event(item.id);
      await match();
      expect(await notified(inactive.id)).toEqual([]);
      expect(await notified(dismisser.id)).toEqual([]);
    });

    it('tells followers of every change, in words that say what changed', async () => {
      const follower = await buildUser(t.db);
      const item = await buildLegalChange(t.db, { title: 'Harbours Bill' });
      await t.db
        .insert(userActions)
        .values({ userId: follower.id, legalChangeId: item.id, action: 'followed' });
      await event(
        item.id,
        'stage_changed',
        { stage: '2nd reading', house: 'Commons' },
        { stage: 'Committee stage', house: 'Commons' },
      );
      await event(item.id, 'amendments_added', null, { count: 3, numbers: ['1', '2', '3'] });
      await event(item.id, 'documents_added', null, { count: 1, titles: ['Explanatory notes'] });
      await event(item.id, 'status_changed', { status: 'proposed' }, { status: 'active' });
      await event(item.id, 'enacted', { status: 'active' }, { status: 'enacted' });
      await match();
      const rows = await notified(follower.id);
      expect(rows.map((r) => [r.type, r.message])).toEqual([
        ['update', 'Stage changed: 2nd reading (Commons) → Committee stage (Commons).'],
        ['update', '3 new amendments tabled.'],
        ['update', '1 new document published.'],
        ['update', 'Status changed: Proposed → Active.'],
        ['legislative', 'It has received Royal Assent and is now an Act.'],
      ]);
      expect(rows[0]!.title).toBe('Stage change: Harbours Bill');
      const items = await t.db.select().from(alertItems).where(eq(alertItems.userId, follower.id));
      expect(items).toHaveLength(5);
      expect(items.every((i) => i.reason === 'follow' && i.frequency === 'immediate')).toBe(true);
    });

    it("applies each member's alert types (defaults: deadline alerts off)", async () => {
      const defaults = await memberWithTerms('lighthouse');
      const noStages = await memberWithTerms('lighthouse');
      await t.db.insert(alertPreferences).values({
        userId: noStages.id,
        stageChangeAlerts: false,
        newBillAlerts: false,
        deadlineAlerts: true,
        alertFrequency: 'weekly',
      });
      const item = await buildLegalChange(t.db, { title: 'Lighthouse Bill' });
      await event(item.id, 'new_item');
      await event(item.id, 'stage_changed', { stage: '1st reading' }, { stage: '2nd reading' });
      await event(item.id, 'consultation_dates_changed', null, { start: '2026-10-01', end: '2026-11-12' });
      await event(item.id, 'status_changed', { status: 'proposed' }, { status: 'consultation' });
      await match();
      expect((await notified(defaults.id)).map((n) => n.type)).toEqual(['new', 'update', 'update']);
      const other = await notified(noStages.id);
      expect(other.map((n) => n.message)).toEqual([
        'The consultation now closes on 12 November 2026.',
        'Status changed: Proposed → Consultation.',
      ]);
      const items = await t.db.select().from(alertItems).where(eq(alertItems.userId, noStages.id));
      expect(items.map((i) => [i.frequency, i.reason, i.detail])).toEqual([
        ['weekly', 'search_term', { terms: ['lighthouse'] }],
        ['weekly', 'search_term', { terms: ['lighthouse'] }],
      ]);
    });

    it('leaves out legislation types the member switched off (Scottish bills follow the asp switch)', async () => {
      const member = await memberWithTerms('crofting');
      await t.db.insert(userLegislationPreferences).values([
        { userId: member.id, legislationTypeCode: 'ukpga', enabled: false },
        { userId: member.id, legislationTypeCode: 'asp', enabled: false },
        { userId: member.id, legislationTypeCode: 'uksi', enabled: true },
      ]);
      const act = await buildLegalChange(t.db, { title: 'Crofting Act 2026', legislationType: 'ukpga' });
      const scottish = await buildLegalChange(t.db, {
        title: 'Crofting (Scotland) Bill',
        legislationType: 'scottish_parliament_bill',
      });
      const si = await buildLegalChange(t.db, {
        title: 'Crofting Regulations 2026',
        legislationType: 'uksi',
        category: 'secondary',
      });
      const bill = await buildLegalChange(t.db, { title: 'Crofting Reform Bill' });
      for (const item of [act, scottish, si, bill]) await event(item.id);
      await match();
      expect((await notified(member.id)).map((n) => n.legislationId)).toEqual([si.id, bill.id]);
    });

    it('sends deadline reminders to followers only', async () => {
      const follower = await buildUser(t.db);
      const termOnly = await memberWithTerms('estuary');
      for (const u of [follower, termOnly])
        await t.db.insert(alertPreferences).values({ userId: u.id, deadlineAlerts: true });
      const item = await buildLegalChange(t.db, { title: 'Estuary Bill', consultationEndDate: '2026-11-12' });
      await t.db
        .insert(userActions)
        .values({ userId: follower.id, legalChangeId: item.id, action: 'followed' });
      await event(item.id, 'deadline_approaching', null, { end: '2026-11-12', days: 7 });
      await match();
      const [reminder] = await notified(follower.id);
      expect(reminder).toMatchObject({
        type: 'consultation_deadline',
        message: 'The consultation closes in 7 days, on 12 November 2026.',
      });
      expect(await notified(termOnly.id)).toEqual([]);
    });

    it('only alerts a search term about changes after it was added', async () => {
      const item = await buildLegalChange(t.db, { title: 'Moorland Bill' });
      await event(item.id);
      const late = await memberWithTerms('moorland');
      await match();
      expect(await notified(late.id)).toEqual([]);
    });

    it.runIf(process.env.TEST_DB === 'postgres')(
      'shares a large backlog between concurrent transactions without doubles',
      async () => {
        const member = await memberWithTerms('lock gate');
        const items = [];
        for (let i = 0; i < 30; i++)
          items.push(await buildLegalChange(t.db, { title: `Lock Gate (No. ${i}) Bill` }));
        for (const item of items) await event(item.id);
        const result = await matchAlerts(t.db, { notifyPostgres: true, concurrency: 3, batchSize: 12 });
        expect(result.events).toBeGreaterThanOrEqual(30);
        const rows = await notified(member.id);
        expect(new Set(rows.map((r) => r.legislationId))).toEqual(new Set(items.map((i) => i.id)));
        expect(rows).toHaveLength(30);
      },
    );

    it('marks events processed and writes nothing twice when run again', async () => {
      const member = await memberWithTerms('aqueduct');
      const item = await buildLegalChange(t.db, { title: 'Aqueduct Bill' });
      const e = await event(item.id);
      const first = await match();
      expect(first.notifications).toBeGreaterThanOrEqual(1);
      const [processed] = await t.db.select().from(changeEvents).where(eq(changeEvents.id, e.id));
      expect(processed!.processedAt).toBeInstanceOf(Date);
      expect(await match()).toEqual({ events: 0, notifications: 0, alertItems: 0 });
      // a crash after the writes but before the mark: the re-run adds nothing
      await t.db.update(changeEvents).set({ processedAt: null }).where(eq(changeEvents.id, e.id));
      expect(await match()).toEqual({ events: 1, notifications: 0, alertItems: 0 });
      expect(await notified(member.id)).toHaveLength(1);
      const left = await t.db
        .select()
        .from(changeEvents)
        .where(and(inArray(changeEvents.id, [e.id]), isNull(changeEvents.processedAt)));
      expect(left).toEqual([]);
    });
  },
);
