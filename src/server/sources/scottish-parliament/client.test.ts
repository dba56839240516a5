import { describe, expect, it } from 'vitest';
import { fixtureClient } from '#test/fixtures/sources/fixture-client';
import { fixtureText } from '#test/fixtures/sources/load';
import { fetchBillsSnapshot, fetchBillTypes } from './client';

const collections: Record<string, string> = {
  '/api/bills': 'bills.json',
  '/api/billstages': 'billstages.json',
  '/api/billstagetypes': 'billstagetypes.json',
  '/api/billtypes': 'billtypes.json',
  '/api/sessions': 'sessions.json',
};

// the API sends some collections as application/octet-stream
const octetStream = () =>
  fixtureClient((url) => {
    const name = collections[url.pathname];
    return name
      ? { body: fixtureText('scottish-parliament', name), contentType: 'application/octet-stream' }
      : undefined;
  }, 'https://upstream.test/api');

describe('Scottish Parliament client', () => {
  it('fetches every collection of a bills snapshot, whatever the content type', async () => {
    const client = octetStream();
    const snapshot = await fetchBillsSnapshot(client);
    expect(snapshot.bills.map((bill) => bill.Reference)).toEqual([
      'SP Bill 901',
      'SP Bill 902',
      'SP Bill 903',
    ]);
    expect(snapshot.stages).toHaveLength(9);
    expect(snapshot.stageTypes).toHaveLength(9);
    expect(snapshot.sessions[1]).toEqual({
      ID: 6,
      ShortName: 'Session 6',
      Name: 'Session 6 (2021-)',
      StartDate: '2021-05-13T00:00:00',
      EndDate: null,
    });
    expect(client.requested.map((url) => url.pathname)).toEqual(Object.keys(collections));
  });

  it('decodes HTML entities in names', async () => {
    expect((await fetchBillTypes(octetStream())).map((type) => type.Name)).toEqual([
      'Executive / Government',
      "Member's",
      'Committee',
      'Private',
    ]);
  });

  it('rejects a collection of the wrong shape', async () => {
    const client = fixtureClient(() => ({ body: '{"ID":1}', contentType: 'application/octet-stream' }));
    await expect(fetchBillTypes(client)).rejects.toMatchObject({ kind: 'schema_mismatch' });
  });
});
