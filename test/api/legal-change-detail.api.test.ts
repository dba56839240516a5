import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amendments, documents, timelineEvents } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('legal change tabs: timeline, documents, amendments', () => {
  let t: TestApp;
  let billId: number;
  let emptyId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const bill = await buildLegalChange(t.db, { title: 'Coastal Flood Defences Bill' });
    billId = bill.id;
    emptyId = (await buildLegalChange(t.db)).id;
    const other = await buildLegalChange(t.db);
    const event = (
      upstreamId: string,
      title: string,
      eventDate: string | null,
      sortOrder: number,
      eventType = 'other',
    ) => ({
      legalChangeId: billId,
      upstreamId,
      title,
      eventDate,
      sortOrder,
      eventType,
      house: title.includes('Lords') ? 'Lords' : 'Commons',
      sourceUrl: 'https://bills.parliament.uk/bills/99001/stages',
      sourceName: 'UK Parliament',
    });
    await t.db
      .insert(timelineEvents)
      .values([
        event('s1', '1st reading in the House of Commons', '2026-01-10', 1, 'proposed'),
        event('s2', '2nd reading in the House of Commons', '2026-02-01', 2),
        event('s3', 'Money resolution', '2026-02-01', 3),
        event('s4', 'Committee stage in the House of Commons', '2026-03-05', 4),
        event('s5', '3rd reading in the House of Lords', null, 5),
        event('ra', 'Royal Assent', '2026-03-05', 6, 'enacted'),
        { ...event('x', 'Someone else’s event', '2027-01-01', 1), legalChangeId: other.id },
      ]);
    await t.db.insert(documents).values([
      {
        legalChangeId: billId,
        upstreamId: 'd1',
        title: 'Explanatory Notes',
        documentType: 'guidance',
        fileFormat: 'PDF',
        fileSize: 123456,
        publishedDate: '2026-01-11',
        fileUrl: 'https://bills.parliament.uk/a.pdf',
        downloadUrl: 'https://bills-api.parliament.uk/a/Download',
      },
      {
        legalChangeId: billId,
        upstreamId: 'd2',
        title: 'Bill as introduced',
        documentType: 'bill',
        publishedDate: '2026-01-10',
      },
      { legalChangeId: billId, upstreamId: 'd3', title: 'Undated note', documentType: 'other' },
    ]);
    const amendment = (
      upstreamId: string,
      amendmentNumber: string | null,
      stageDate: string | null,
      status = 'NoDecision',
    ) => ({
      legalChangeId: billId,
      upstreamId,
      amendmentNumber,
      stageDate,
      status,
      stageName: 'Committee stage',
      house: 'Commons',
      leadSponsor: 'Jane Example',
      leadSponsorParty: 'Labour',
      clause: 'Clause 1',
      amendmentType: 'EditBillBody',
      amendmentText: 'Page 1, line 2, leave out “may”',
      stageDateFrom: stageDate,
      officialUrl: 'https://bills.parliament.uk/bills/99001/stages/1/amendments',
    });
    await t.db
      .insert(amendments)
      .values([
        amendment('a1', '10', '2026-03-05'),
        amendment('a2', 'NC2', '2026-03-05', 'Agreed'),
        amendment('a3', '2', '2026-03-05'),
        amendment('a4', 'NC10', '2026-03-05'),
        amendment('a5', '1', '2026-02-01'),
        amendment('a6', '7', null),
      ]);
  });
  afterAll(() => t.close());

  const get = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('answers the timeline newest first, same-date stages by priority, undated last', async () => {
    const res = await get(`/api/legal-changes/${billId}/timeline`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((e: { title: string }) => e.title)).toEqual([
      'Royal Assent',
      'Committee stage in the House of Commons',
      'Money resolution',
      '2nd reading in the House of Commons',
      '1st reading in the House of Commons',
      '3rd reading in the House of Lords',
    ]);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      title: 'Royal Assent',
      description: null,
      eventDate: '2026-03-05',
      eventType: 'enacted',
      house: 'Commons',
      sourceUrl: 'https://bills.parliament.uk/bills/99001/stages',
      sourceName: 'UK Parliament',
    });
  });

  it('answers documents newest first with every field', async () => {
    const body = (await get(`/api/legal-changes/${billId}/documents`)).json();
    expect(body.map((d: { title: string }) => d.title)).toEqual([
      'Explanatory Notes',
      'Bill as introduced',
      'Undated note',
    ]);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      title: 'Explanatory Notes',
      documentType: 'guidance',
      fileFormat: 'PDF',
      fileSize: 123456,
      publishedDate: '2026-01-11',
      description: null,
      fileUrl: 'https://bills.parliament.uk/a.pdf',
      downloadUrl: 'https://bills-api.parliament.uk/a/Download',
    });
  });

  it('answers amendments by stage date, then amendment number in natural order', async () => {
    const body = (await get(`/api/legal-changes/${billId}/amendments`)).json();
    expect(body.map((a: { amendmentNumber: string }) => a.amendmentNumber)).toEqual([
      '2',
      '10',
      'NC2',
      'NC10',
      '1',
      '7',
    ]);
    expect(body[2]).toEqual({
      id: expect.any(Number),
      amendmentNumber: 'NC2',
      status: 'Agreed',
      amendmentType: 'EditBillBody',
      house: 'Commons',
      leadSponsor: 'Jane Example',
      leadSponsorParty: 'Labour',
      clause: 'Clause 1',
      amendmentText: 'Page 1, line 2, leave out “may”',
      explanatoryText: null,
      stageName: 'Committee stage',
      stageDate: '2026-03-05',
      stageDateFrom: '2026-03-05',
      datePublished: null,
      officialUrl: 'https://bills.parliament.uk/bills/99001/stages/1/amendments',
    });
  });

  it.each(['timeline', 'documents', 'amendments'])(
    'answers an empty %s list for an item without any',
    async (tab) => {
      const res = await get(`/api/legal-changes/${emptyId}/${tab}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    },
  );

  it.each(['timeline', 'documents', 'amendments'])(
    'answers 404 legal_change_not_found for a missing item (%s)',
    async (tab) => {
      const res = await get(`/api/legal-changes/2147483000/${tab}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'legal_change_not_found',
        message: "The legal change you're looking for doesn't exist.",
      });
    },
  );

  it.each(['abc', '0', '-1', '1.5', '007', '99999999999'])('answers 400 for the bad id %s', async (id) => {
    for (const tab of ['timeline', 'documents', 'amendments']) {
      const res = await get(`/api/legal-changes/${id}/${tab}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details[0].field).toBe('params.id');
    }
  });
});
