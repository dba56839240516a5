import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiOverviews, legalChanges } from '#server/db/schema';
import { createOpenAiCompatibleProvider } from '#server/providers/analysis/openai-compatible';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { startOpenAiFake, type OpenAiFake } from '#test/support/openai-fake';
import { postgresUnavailable } from '#test/support/test-database';

const KEY = rememberSecret('sk-lexwatch-test-key-0123456789');

const answer = {
  executiveSummary: 'The bill sets duties for coastal flood defences.',
  currentStatus: 'Committee stage in the House of Commons.',
  nextSteps: 'Report stage.',
  keyProvisions: ['Inspection duties', 'A register of sea walls'],
  stakeholderImpact: [{ category: 'Coastal authorities', impact: 'New inspection duties.' }],
  politicalContext: 'A government bill.',
  expertCommentary: 'No commentary recorded.',
  relatedDevelopments: [],
};

/** With AI_BASE_URL and AI_API_KEY set, the overview comes from the OpenAI-compatible service. */
describe.skipIf(postgresUnavailable())('AI overview from an OpenAI-compatible service', () => {
  let fake: OpenAiFake;
  let t: TestApp;
  let quick: TestApp;

  beforeAll(async () => {
    fake = await startOpenAiFake({ apiKey: KEY });
    const env = { AI_BASE_URL: fake.baseUrl, AI_API_KEY: KEY, AI_MODEL: 'gpt-4o-mini' };
    t = await buildTestApp({ env });
    // the same service with a short timeout, to see a hang end
    const analysisProvider = createOpenAiCompatibleProvider({
      baseUrl: fake.baseUrl,
      apiKey: KEY,
      model: 'gpt-4o-mini',
      timeoutMs: 500,
    });
    quick = await buildTestApp({ env, database: t.database, deps: { analysisProvider } });
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await quick?.close();
    await t?.close();
    await fake?.close();
  });

  const item = async () =>
    (
      await buildLegalChange(t.db, {
        title: 'Coastal Flood Defences Bill',
        officialUrl: 'https://bills.parliament.uk/bills/99001',
      })
    ).id;
  const get = (app: TestApp, id: number) =>
    app.app.inject({ method: 'GET', url: `/api/legal-changes/${id}/ai-overview` });

  it('answers the service’s sections with our official sources, stores them and reuses them', async () => {
    fake.respondWith(answer);
    const id = await item();
    const res = await get(t, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...answer,
      sources: ['https://bills.parliament.uk/bills/99001'],
      lastUpdated: expect.any(String),
      provider: 'ai',
      // the item's own source
      generatedFrom: 'AI analysis (gpt-4o-mini) of official records (UK Parliament)',
      language: 'en',
    });
    const [request] = fake.requests;
    expect(request!.response_format).toEqual({ type: 'json_object' });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    const [row] = await t.db.select().from(aiOverviews).where(eq(aiOverviews.legalChangeId, id));
    expect(row).toMatchObject({ provider: 'ai', model: 'gpt-4o-mini' });

    expect((await get(t, id)).json().lastUpdated).toBe(res.json().lastUpdated);
    expect(fake.requests).toHaveLength(1);
  });

  it('answers 502 analysis_failed for a malformed answer', async () => {
    fake.mode('malformedJson');
    const res = await get(t, await item());
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'analysis_failed',
      message:
        'Unable to generate AI analysis: the analysis service returned a malformed answer. Please try again.',
    });
  });

  it('answers 502 analysis_failed for an answer without the sections', async () => {
    fake.respondWith({ summary: 'not the expected shape' });
    const res = await get(t, await item());
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('analysis_failed');
  });

  it('answers 502 analysis_failed when the service does not answer in time', async () => {
    fake.mode('timeout');
    const res = await get(quick, await item());
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('analysis_failed');
    expect(res.json().error.message).toMatch(
      /^Unable to generate AI analysis: the analysis service did not answer within/,
    );
  });

  it('answers with the AI_NOT_CONFIGURED marker when the service refuses the key', async () => {
    fake.mode('unauthorized');
    const res = await get(t, await item());
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('ai_not_configured');
    expect(res.json().error.message).toContain('AI_NOT_CONFIGURED');
  });

  it('answers 502 when the service fails with a 5xx', async () => {
    fake.mode('status500');
    const res = await get(t, await item());
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toContain('status 500');
  });

  it('keeps serving a stored overview when a read cannot renew it, but reports a failed regeneration', async () => {
    fake.respondWith(answer);
    const id = await item();
    const stored = (await get(t, id)).json();
    await t.db.update(legalChanges).set({ currentStage: 'Report stage' }).where(eq(legalChanges.id, id));
    fake.mode('status500');
    const read = await get(t, id);
    expect(read.statusCode).toBe(200);
    expect(read.json().lastUpdated).toBe(stored.lastUpdated);
    const member = await buildSignedInUser(t.db);
    const regenerate = await t.app.inject({
      method: 'POST',
      url: `/api/legal-changes/${id}/ai-overview`,
      headers: member.headers,
    });
    expect(regenerate.statusCode).toBe(502);
    fake.mode('ok');
    const renewed = await get(t, id);
    expect(renewed.json().lastUpdated > stored.lastUpdated).toBe(true);
  });
});
