import { describe, expect, it } from 'vitest';
import { fixtureJson } from '#test/fixtures/sources/load';
import { billDetailSchema, billSummarySchema, billTypeSchema, pageOf, stageTypeSchema } from './schemas';

describe('Bills API schemas', () => {
  it('read the recorded list page, including its Acts and Lords bills', () => {
    const page = pageOf(billSummarySchema).parse(fixtureJson('parliament-bills', 'bills-list.json'));
    expect(page).toMatchObject({ totalResults: 3660, itemsPerPage: 20 });
    expect(page.items).toHaveLength(20);
    expect(page.items.filter((bill) => bill.isAct).map((bill) => bill.billId)).toEqual([642, 1632]);
    expect(page.items.find((bill) => bill.billId === 3554)?.currentStage).toMatchObject({
      description: '1st reading',
      house: 'Lords',
      stageSittings: [
        { id: 15147, stageId: 1, billStageId: 18160, billId: 3554, date: '2023-12-07T00:00:00' },
      ],
    });
  });

  it('read a bill detail and default missing collections', () => {
    const detail = billDetailSchema.parse(fixtureJson('parliament-bills', 'bill-2818.json'));
    expect(detail.sponsors[0]?.member).toMatchObject({
      name: 'Kevin Hollinrake',
      party: 'Conservative',
      memberFrom: 'Thirsk and Malton',
    });
    const {
      sponsors: _sponsors,
      promoters: _promoters,
      ...withoutLists
    } = fixtureJson<Record<string, unknown>>('parliament-bills', 'bill-2818.json');
    expect(billDetailSchema.parse(withoutLists)).toMatchObject({ sponsors: [], promoters: [] });
  });

  it('read the reference lists of bill types and stage types', () => {
    const types = pageOf(billTypeSchema).parse(fixtureJson('parliament-bills', 'bill-types.json'));
    expect(types.items.find((type) => type.id === 9)).toMatchObject({
      name: 'Draft Bill',
      category: 'Public',
    });
    const stages = pageOf(stageTypeSchema).parse(fixtureJson('parliament-bills', 'stages.json'));
    expect(stages.totalResults).toBe(48);
    expect(stages.items.find((stage) => stage.id === 6)).toEqual({
      id: 6,
      name: '1st reading',
      house: 'Commons',
    });
  });

  it('reject a page that is not a bill list', () => {
    expect(
      pageOf(billSummarySchema).safeParse(
        fixtureJson('parliament-bills', 'amendments-items-bill-3786-stage-20099.json'),
      ).success,
    ).toBe(false);
  });
});
