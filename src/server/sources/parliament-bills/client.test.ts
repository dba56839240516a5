import { describe, expect, it } from 'vitest';
import { fixtureClient, pagedReply } from '#test/fixtures/sources/fixture-client';
import { fixtureJson, fixtureText } from '#test/fixtures/sources/load';
import {
  fetchAllPages,
  getBill,
  getBillPublications,
  getBillStages,
  getStageAmendments,
  listBillsUpdatedSince,
} from './client';
import { stageSummarySchema } from './schemas';
import { parseUkTimestamp } from '#server/sources/common/uk-time';

interface ListedBill {
  billId: number;
  lastUpdate: string;
}
const recordedList = fixtureJson<{ items: ListedBill[] }>('parliament-bills', 'bills-list.json').items;
// the recorded page is in title order; the sync asks for DateUpdatedDescending
const newestFirst = [...recordedList].sort(
  (a, b) => parseUkTimestamp(b.lastUpdate)!.getTime() - parseUkTimestamp(a.lastUpdate)!.getTime(),
);

function billsClient() {
  return fixtureClient(
    (url) => (url.pathname === '/api/v1/Bills' ? pagedReply(newestFirst, url) : undefined),
    'https://upstream.test/api/v1',
  );
}

describe('listBillsUpdatedSince', () => {
  it('walks pages newest first and stops past the cursor minus the overlap', async () => {
    const client = billsClient();
    const result = await listBillsUpdatedSince(client, new Date('2024-05-01T00:00:00Z'), 24 * 3600_000, {
      take: 2,
    });
    expect(result.bills.map((bill) => bill.billId)).toEqual([3785, 3554, 26]);
    expect(result.highWaterMark?.toISOString()).toBe('2024-10-17T12:37:43.607Z');
    expect(result.pagesRead).toBe(2);
    expect(client.requested.map((url) => url.search)).toEqual([
      '?SortOrder=DateUpdatedDescending&Skip=0&Take=2',
      '?SortOrder=DateUpdatedDescending&Skip=2&Take=2',
    ]);
  });

  it('reads every page without a cursor', async () => {
    const result = await listBillsUpdatedSince(billsClient(), null, 0, { take: 5 });
    expect(result.bills).toHaveLength(20);
    expect(result.pagesRead).toBe(4);
    expect(result.highWaterMark?.toISOString()).toBe('2024-10-17T12:37:43.607Z');
  });

  it('keeps the previous mark when nothing is newer', async () => {
    const since = new Date('2025-01-01T00:00:00Z');
    const result = await listBillsUpdatedSince(billsClient(), since, 0, { take: 5 });
    expect(result).toEqual({ bills: [], highWaterMark: since, pagesRead: 1 });
  });
});

describe('bill endpoints', () => {
  it('fetches a bill, all its stage pages, amendments and publications', async () => {
    const stages = fixtureJson<{ items: unknown[] }>('parliament-bills', 'bill-2818-stages.json').items;
    const amendments = fixtureJson<unknown[]>(
      'parliament-bills',
      'amendments-items-bill-3786-stage-20099.json',
    );
    const client = fixtureClient((url) => {
      switch (url.pathname) {
        case '/Bills/2818':
          return { body: fixtureText('parliament-bills', 'bill-2818.json'), contentType: 'text/plain' };
        case '/Bills/2818/Stages':
          return pagedReply(stages, url);
        case '/Bills/3786/Stages/20099/Amendments':
          return pagedReply(amendments, url);
        case '/Bills/512/Publications':
          return { body: fixtureText('parliament-bills', 'bill-512-publications.json') };
        default:
          return undefined;
      }
    });
    expect(await getBill(client, 2818)).toMatchObject({
      billId: 2818,
      longTitle: expect.stringContaining('abolish business rates'),
    });
    expect((await getBillStages(client, 2818)).map((stage) => stage.id)).toEqual([12654, 12655]);
    expect(await getStageAmendments(client, 3786, 20099)).toHaveLength(6);
    expect((await getBillPublications(client, 512)).publications).toHaveLength(41);
    await expect(getBill(client, 0)).rejects.toThrow(RangeError);
    await expect(getBill(client, 99)).rejects.toMatchObject({ kind: 'http_status', status: 404 });
  });
});

describe('fetchAllPages', () => {
  it('reads nested lists page by page until totalResults', async () => {
    const stages = fixtureJson<{ items: unknown[] }>('parliament-bills', 'bill-2818-stages.json').items;
    const client = fixtureClient((url) => pagedReply(stages, url));
    const all = await fetchAllPages(client, '/Bills/2818/Stages', stageSummarySchema, 1);
    expect(all.map((stage) => stage.description)).toEqual(['1st reading', '2nd reading']);
    expect(client.requested.map((url) => url.search)).toEqual(['?Skip=0&Take=1', '?Skip=1&Take=1']);
  });
});
