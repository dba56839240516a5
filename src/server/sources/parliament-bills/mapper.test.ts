import { describe, expect, it } from 'vitest';
import { fixtureJson } from '#test/fixtures/sources/load';
import { mapAmendments, mapBill, mapStages } from './mapper';
import {
  amendmentSearchItemSchema,
  billDetailSchema,
  billSummarySchema,
  pageOf,
  stageSummarySchema,
} from './schemas';

const list = pageOf(billSummarySchema).parse(fixtureJson('parliament-bills', 'bills-list.json'));
const bill2818 = billDetailSchema.parse(fixtureJson('parliament-bills', 'bill-2818.json'));
const stages2818 = pageOf(stageSummarySchema).parse(
  fixtureJson('parliament-bills', 'bill-2818-stages.json'),
).items;
// recorded as the bare `items` array of the amendments page
const amendments = amendmentSearchItemSchema
  .array()
  .parse(fixtureJson('parliament-bills', 'amendments-items-bill-3786-stage-20099.json'));
const summary = (billId: number) => list.items.find((bill) => bill.billId === billId)!;

describe('mapBill', () => {
  it('maps a bill detail with its stages', () => {
    expect(mapBill(bill2818, stages2818)).toMatchObject({
      source: 'parliament_bills',
      upstreamId: '2818',
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
      proposedDate: '2021-01-12',
      enactmentDate: null,
      departmentName: null,
      officialUrl: 'https://bills.parliament.uk/bills/2818',
      lastUpdatedDate: '2021-05-04T10:42:08.057+01:00',
      isDraft: false,
      withdrawn: false,
      defeated: false,
    });
  });

  it('maps an Act from the list: enacted, Unassigned house, Royal Assent date', () => {
    const academies = summary(642);
    expect(mapBill(academies, academies.currentStage ? [academies.currentStage] : [])).toMatchObject({
      upstreamId: '642',
      title: 'Academies Act 2010',
      status: 'enacted',
      currentHouse: 'Unassigned',
      currentStage: 'Royal Assent',
      currentStageDate: '2010-07-27',
      enactmentDate: '2010-07-27',
      parliamentarySession: '2010-12',
      lastUpdatedDate: '2021-03-18T09:27:41.123+00:00',
      longTitle: null,
    });
  });

  it('maps a Lords bill and leaves unknown sessions empty', () => {
    expect(mapBill(summary(2556))).toMatchObject({
      currentHouse: 'Lords',
      currentStage: '2nd reading',
      parliamentarySession: '2019-21',
    });
    expect(mapBill(summary(2302)).parliamentarySession).toBe('2017-19');
    expect(mapBill(summary(27)).parliamentarySession).toBeNull();
  });

  it('keeps withdrawn and defeated bills proposed with their flags set', () => {
    const withdrawn = { ...summary(2818), billWithdrawn: '2021-06-01T00:00:00' };
    expect(mapBill(withdrawn)).toMatchObject({ status: 'proposed', withdrawn: true, defeated: false });
    expect(mapBill({ ...summary(2818), isDefeated: true })).toMatchObject({
      status: 'proposed',
      defeated: true,
    });
  });

  it('takes the department from a sponsor organisation and the description from summary HTML', () => {
    const government = {
      ...bill2818,
      summary: '<p>Abolishes <b>business rates</b> &amp; replaces them.</p><p>Second paragraph.</p>',
      sponsors: [{ ...bill2818.sponsors[0]!, organisation: { name: 'HM Treasury', url: null } }],
    };
    expect(mapBill(government)).toMatchObject({
      departmentName: 'HM Treasury',
      description: 'Abolishes business rates & replaces them.\nSecond paragraph.',
    });
  });
});

describe('mapStages', () => {
  it('maps stages to timeline events in sort order', () => {
    expect(mapStages(bill2818, stages2818)).toEqual([
      {
        upstreamId: 'stage:12654',
        title: '1st reading in the House of Commons',
        description: null,
        eventDate: '2021-01-12',
        eventType: 'proposed',
        house: 'Commons',
        sourceUrl: 'https://bills.parliament.uk/bills/2818/stages',
        sourceName: 'UK Parliament',
        sortOrder: 1,
      },
      expect.objectContaining({
        upstreamId: 'stage:12655',
        title: '2nd reading in the House of Commons',
        eventDate: null,
        eventType: 'other',
      }),
    ]);
  });

  it('marks Royal Assent as enacted, with no house', () => {
    const act = summary(1632);
    expect(mapStages(act, [act.currentStage!])).toEqual([
      expect.objectContaining({
        upstreamId: 'stage:8502',
        title: 'Royal Assent',
        eventDate: '2016-03-23',
        eventType: 'enacted',
        house: null,
      }),
    ]);
  });

  it('dates a multi-sitting stage at its latest sitting and lists the sittings', () => {
    const stage = stages2818[1]!;
    const sittings = ['2021-02-03T00:00:00', '2021-01-27T00:00:00'].map((date, i) => ({
      id: i,
      stageId: 7,
      billStageId: stage.id,
      billId: 2818,
      date,
    }));
    const [event] = mapStages(bill2818, [{ ...stage, stageSittings: sittings }]);
    expect(event).toMatchObject({ eventDate: '2021-02-03', description: 'Sittings: 2021-01-27, 2021-02-03' });
  });
});

describe('mapAmendments', () => {
  it('maps the recorded amendment search items', () => {
    const mapped = mapAmendments(amendments);
    expect(mapped).toHaveLength(6);
    expect(mapped[0]).toEqual({
      upstreamId: '10025364',
      billStageId: '20099',
      amendmentNumber: '1',
      status: 'NoDecision',
      amendmentType: 'DeleteClauseOrSchedule',
      house: 'Commons',
      leadSponsor: 'Sir Christopher Chope',
      leadSponsorParty: 'Conservative',
      clause: 'Clause 1',
      amendmentText: 'Clause 1, page 1, line 6, leave out “or attempts to enter”',
      explanatoryText: null,
      stageName: null,
      stageDate: null,
      stageDateFrom: null,
      datePublished: null,
      officialUrl: 'https://bills.parliament.uk/bills/3786/stages/20099/amendments',
    });
    expect(mapped.map((a) => a.upstreamId)).toEqual([
      '10025364',
      '10025366',
      '10025368',
      '10025369',
      '10025367',
      '10025365',
    ]);
    expect(mapped[5]).toMatchObject({
      amendmentNumber: '6',
      amendmentType: 'EditBillBody',
      clause: 'Clause 2',
    });
  });

  it('takes stage name and dates from the stage and strips HTML from the summary lines', () => {
    const stage = { ...stages2818[0]!, id: 20099 };
    const bold = { ...amendments[0]!, summaryText: ['<b>Clause 1</b>, page 1', 'line 6'] };
    expect(mapAmendments([bold], stage)[0]).toMatchObject({
      amendmentText: 'Clause 1, page 1\nline 6',
      stageName: '1st reading',
      stageDate: '2021-01-12',
      stageDateFrom: '2021-01-12',
      house: 'Commons',
    });
  });
});
