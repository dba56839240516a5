import { describe, expect, it } from 'vitest';
import { fixtureJson } from '#test/fixtures/sources/load';
import { billSlug, mapScottishBill, mapScottishBillStages, stagesByBill } from './mapper';
import {
  scottishBillStagesSchema,
  scottishBillStageTypesSchema,
  scottishBillsSchema,
  scottishSessionsSchema,
} from './schemas';

// constructed from the documented shape: no Scottish Parliament response was recorded
const bills = scottishBillsSchema.parse(fixtureJson('scottish-parliament', 'bills.json'));
const stages = scottishBillStagesSchema.parse(fixtureJson('scottish-parliament', 'billstages.json'));
const stageTypes = scottishBillStageTypesSchema.parse(
  fixtureJson('scottish-parliament', 'billstagetypes.json'),
);
const sessions = scottishSessionsSchema.parse(fixtureJson('scottish-parliament', 'sessions.json'));
const context = { stages, stageTypes, sessions };
const bill = (id: number) => bills.find((b) => b.ID === id)!;

describe('mapScottishBill', () => {
  it('maps a bill that reached Royal Assent', () => {
    expect(mapScottishBill(bill(901), context)).toMatchObject({
      source: 'scottish_parliament',
      upstreamId: '901',
      title: 'Example Services (Scotland) Bill',
      longTitle: null,
      category: 'primary',
      legislationType: 'scottish_parliament_bill',
      status: 'enacted',
      jurisdictionId: 1,
      parliamentarySession: 'Session 6 (2021-)',
      currentStage: 'Royal Assent',
      currentStageDate: '2022-04-05',
      scottishBillReference: 'SP Bill 901',
      shortName: 'Example Services (Scotland) Bill',
      thirdPartyOrganisation: null,
      proposedDate: '2021-06-01',
      enactmentDate: '2022-04-05',
      officialUrl: 'https://www.parliament.scot/bills-and-laws/bills/example-services-scotland-bill',
      withdrawn: false,
      defeated: false,
    });
  });

  it('decodes entities and keeps the latest dated stage as current', () => {
    expect(mapScottishBill(bill(902), context)).toMatchObject({
      title: 'Parks & Greenspaces (Scotland) Bill',
      shortName: 'Parks & Greenspaces (Scotland) Bill',
      longTitle: 'Parks and Greenspaces (Scotland) Bill [as introduced]',
      status: 'active',
      currentStage: 'Introduced',
      currentStageDate: '2023-03-14',
      officialUrl: 'https://www.parliament.scot/bills-and-laws/bills/parks-and-greenspaces-scotland-bill',
    });
  });

  it('maps a private bill that fell', () => {
    expect(mapScottishBill(bill(903), context)).toMatchObject({
      thirdPartyOrganisation: 'Example Harbour Trust',
      status: 'active',
      currentStage: 'Bill fell',
      defeated: true,
      parliamentarySession: 'Session 5 (2016-2021)',
    });
  });

  it('maps a bill with no stages yet', () => {
    expect(mapScottishBill(bill(901), { stages: [], stageTypes })).toMatchObject({
      status: 'active',
      currentStage: null,
      currentStageDate: null,
      parliamentarySession: null,
      proposedDate: null,
    });
  });
});

describe('mapScottishBillStages', () => {
  it('orders stages by date, undated last, with event types', () => {
    expect(
      mapScottishBillStages(bill(901), context).map((e) => [
        e.upstreamId,
        e.title,
        e.eventDate,
        e.eventType,
        e.sortOrder,
      ]),
    ).toEqual([
      ['stage:5001', 'Introduced', '2021-06-01', 'proposed', 1],
      ['stage:5002', 'Stage 1 debate', '2021-11-09', 'other', 2],
      ['stage:5003', 'Stage 2 completed', '2022-01-18', 'other', 3],
      ['stage:5004', 'Stage 3 passed', '2022-02-24', 'other', 4],
      ['stage:5005', 'Royal Assent', '2022-04-05', 'enacted', 5],
    ]);
    expect(mapScottishBillStages(bill(902), context)).toEqual([
      expect.objectContaining({
        title: 'Introduced',
        eventDate: '2023-03-14',
        sourceName: 'Scottish Parliament',
      }),
      expect.objectContaining({ title: 'Stage 1 evidence & report', eventDate: null, eventType: 'other' }),
    ]);
  });
});

describe('helpers', () => {
  it('builds slugs from short names', () => {
    expect(billSlug('Children (Care, Care Experience and Services Planning) (Scotland) Bill')).toBe(
      'children-care-care-experience-and-services-planning-scotland-bill',
    );
    expect(billSlug("Members' Pensions (Gàidhlig) Bill")).toBe('members-pensions-gaidhlig-bill');
  });

  it('groups stage rows by bill', () => {
    const grouped = stagesByBill(stages);
    expect([...grouped.keys()]).toEqual([901, 902, 903]);
    expect(grouped.get(901)).toHaveLength(5);
  });
});
