import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiOverviews, amendments, timelineEvents } from '#server/db/schema';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

/** Without AI_BASE_URL the overview is composed from the official records we hold. */
describe.skipIf(postgresUnavailable())('AI overview from official records', () => {
  let t: TestApp;
  let itemId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const item = await buildLegalChange(t.db, {
      title: 'Coastal Flood Defences Bill',
      longTitle: 'A Bill to make provision about coastal flood defences.',
      currentStage: 'Committee stage',
      currentHouse: 'Commons',
      currentStageDate: '2026-03-05',
      parliamentarySession: '2025-26',
      departmentName: 'Department for Environment, Food & Rural Affairs',
      officialUrl: 'https://bills.parliament.uk/bills/99001',
    });
    itemId = item.id;
    await t.db.insert(timelineEvents).values({
      legalChangeId: itemId,
      upstreamId: 'stage:1',
      title: '1st reading in the House of Commons',
      eventDate: '2026-01-10',
      eventType: 'proposed',
      house: 'Commons',
      sourceUrl: 'https://bills.parliament.uk/bills/99001/stages',
      sortOrder: 1,
    });
  });
  afterAll(() => t.close());

  const get = (id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/legal-changes/${id}/ai-overview` });
  const post = (id: number | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/legal-changes/${id}/ai-overview`, headers });

  it('composes every section from the official data, labelled as such, and stores it', async () => {
    const res = await get(itemId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      executiveSummary: expect.stringContaining('Coastal Flood Defences Bill is a UK Parliament bill.'),
      currentStatus: expect.stringContaining('Committee stage in the House of Commons, dated Mar 5, 2026'),
      nextSteps: expect.any(String),
      keyProvisions: [
        'Purpose (long title): A Bill to make provision about coastal flood defences.',
        expect.stringContaining('A bill about testing'),
      ],
      stakeholderImpact: [
        { category: 'Government department', impact: expect.stringContaining('Department for Environment') },
      ],
      politicalContext: expect.stringContaining('2025-26 parliamentary session'),
      expertCommentary: expect.stringContaining('No expert commentary is included'),
      relatedDevelopments: ['Jan 10, 2026: 1st reading in the House of Commons'],
      sources: ['https://bills.parliament.uk/bills/99001', 'https://bills.parliament.uk/bills/99001/stages'],
      lastUpdated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      provider: 'official-records',
      generatedFrom: 'Generated from official records (UK Parliament)',
      language: 'en',
    });
    const [row] = await t.db.select().from(aiOverviews).where(eq(aiOverviews.legalChangeId, itemId));
    expect(row).toMatchObject({
      provider: 'official-records',
      model: null,
      inputHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('serves the stored overview while the official data is unchanged', async () => {
    const first = (await get(itemId)).json();
    const second = (await get(itemId)).json();
    expect(second.lastUpdated).toBe(first.lastUpdated);
  });

  it('makes a new overview when the official data changes', async () => {
    const before = (await get(itemId)).json();
    await t.db.insert(amendments).values({
      legalChangeId: itemId,
      upstreamId: 'a1',
      amendmentNumber: '1',
      status: 'Agreed',
      stageName: 'Committee stage',
      leadSponsor: 'Jane Example',
      leadSponsorParty: 'Labour',
    });
    const after = (await get(itemId)).json();
    expect(after.lastUpdated > before.lastUpdated).toBe(true);
    expect(after.politicalContext).toContain('1 amendment is recorded: 1 agreed.');
  });

  it('regenerates on POST for a signed-in member only', async () => {
    expect((await post(itemId)).statusCode).toBe(401);
    const member = await buildSignedInUser(t.db);
    const before = (await get(itemId)).json();
    const res = await post(itemId, member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().lastUpdated > before.lastUpdated).toBe(true);
  });

  it('limits regeneration to 5 per member per hour', async () => {
    const member = await buildSignedInUser(t.db);
    for (let i = 0; i < 5; i++) expect((await post(itemId, member.headers)).statusCode).toBe(200);
    const limited = await post(itemId, member.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    // another member is not affected
    expect((await post(itemId, (await buildSignedInUser(t.db)).headers)).statusCode).toBe(200);
  });

  it('writes the overview in the language asked for and keeps each language apart', async () => {
    const english = (await get(itemId)).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/legal-changes/${itemId}/ai-overview?language=ja`,
    });
    expect(res.statusCode).toBe(200);
    const japanese = res.json();
    expect(japanese.language).toBe('ja');
    // the recorded title is quoted as it is; the sentences and the label are Japanese
    expect(japanese.executiveSummary).toContain('Coastal Flood Defences Bill');
    expect(japanese.executiveSummary).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(japanese.executiveSummary).not.toContain('is a UK Parliament bill');
    expect(japanese.generatedFrom).not.toBe(english.generatedFrom);
    expect(japanese.generatedFrom).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(japanese.relatedDevelopments).toEqual([expect.stringContaining('2026/01/10')]);
    expect(japanese.stakeholderImpact[0].category).not.toBe('Government department');
    // one row per language; English is still served as it was
    const rows = await t.db.select().from(aiOverviews).where(eq(aiOverviews.legalChangeId, itemId));
    expect(rows.map((r) => r.language).sort()).toEqual(['en', 'ja']);
    expect((await get(itemId)).json()).toEqual(english);
  });

  it("uses a member's saved language, else the browser's, when none is asked for", async () => {
    const member = await buildSignedInUser(t.db, { language: 'es' });
    const saved = await t.app.inject({
      method: 'GET',
      url: `/api/legal-changes/${itemId}/ai-overview`,
      headers: { ...member.headers, 'accept-language': 'de-DE' },
    });
    expect(saved.json().language).toBe('es');
    expect(saved.json().currentStatus).not.toContain('The current stage recorded is');
    const visitor = await t.app.inject({
      method: 'GET',
      url: `/api/legal-changes/${itemId}/ai-overview`,
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(visitor.json().language).toBe('de');
    const regenerated = await t.app.inject({
      method: 'POST',
      url: `/api/legal-changes/${itemId}/ai-overview?language=ar`,
      headers: member.headers,
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().language).toBe('ar');
    expect(regenerated.json().nextSteps).toMatch(/[\u0600-\u06ff]/);
  });

  it('refuses a language it does not write', async () => {
    for (const language of ['xx', 'EN', 'en-GB', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/legal-changes/${itemId}/ai-overview?language=${encodeURIComponent(language)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  it('answers 404 for a missing item and 400 for a bad id', async () => {
    const missing = await get(2147483000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('legal_change_not_found');
    const member = await buildSignedInUser(t.db);
    expect((await post(2147483000, member.headers)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-3', '2.5']) {
      expect((await get(bad)).statusCode).toBe(400);
      expect((await post(bad, member.headers)).statusCode).toBe(400);
    }
  });
});
