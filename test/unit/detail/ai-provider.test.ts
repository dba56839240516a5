import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#server/http/errors';
import { analysisProviderFor } from '#server/providers/analysis';
import { officialRecordsProvider } from '#server/providers/analysis/official-records';
import { createOpenAiCompatibleProvider, parseAnswer } from '#server/providers/analysis/openai-compatible';
import type { OfficialRecord } from '#server/providers/analysis/types';
import { startOpenAiFake, type OpenAiFake } from '#test/support/openai-fake';

const KEY = 'sk-test-analysis-key-123456';

const validAnswer = {
  executiveSummary: 'A bill about coastal flood defences.',
  currentStatus: 'At committee stage in the House of Commons.',
  nextSteps: 'Report stage is scheduled.',
  keyProvisions: ['Duties on coastal authorities'],
  stakeholderImpact: [{ category: 'Coastal authorities', impact: 'New inspection duties.' }],
  politicalContext: 'Government bill.',
  expertCommentary: 'None recorded.',
  relatedDevelopments: ['Second reading on Sep 28, 2026'],
};

const record: OfficialRecord = {
  item: {
    id: 7,
    source: 'parliament_bills',
    upstreamId: '99001',
    title: 'Coastal Flood Defences Bill',
    longTitle: null,
    description: null,
    category: 'primary',
    legislationType: 'uk_parliament_bill',
    status: 'active',
    parliamentarySession: null,
    currentHouse: null,
    currentStage: null,
    currentStageDate: null,
    scottishBillReference: null,
    shortName: null,
    thirdPartyOrganisation: null,
    siNumber: null,
    departmentName: null,
    procedureName: null,
    enabledBy: null,
    governmentBodyName: null,
    governmentBodyType: null,
    officialUrl: null,
    subject: null,
    isDraft: false,
    withdrawn: false,
    defeated: false,
    consultationStartDate: null,
    consultationEndDate: null,
    proposedDate: null,
    enactmentDate: null,
    effectiveDate: null,
    dateLaid: null,
    madeDate: null,
  },
  timeline: [],
  amendments: { total: 0, byStatus: {}, byStage: [], leadSponsors: [] },
  documents: [],
};

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('OpenAI-compatible analysis provider', () => {
  let fake: OpenAiFake;
  const provider = () =>
    createOpenAiCompatibleProvider({
      baseUrl: fake.baseUrl,
      apiKey: KEY,
      model: 'gpt-4o-mini',
      timeoutMs: 400,
    });

  beforeAll(async () => {
    fake = await startOpenAiFake({ apiKey: KEY });
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('sends the record as a JSON-object chat request and returns the validated sections', async () => {
    fake.respondWith(validAnswer);
    await expect(provider().analyse(record, '2026-10-15', 'en')).resolves.toEqual(validAnswer);
    const [request] = fake.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.model).toBe('gpt-4o-mini');
    expect(request!.response_format).toEqual({ type: 'json_object' });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(String(request!.messages[1]!.content)).toContain('"title":"Coastal Flood Defences Bill"');
    expect(String(request!.messages[1]!.content)).toContain('Today is 2026-10-15');
    expect(String(request!.messages[1]!.content)).toContain('Write every section in British English.');
  });

  it("asks for the reader's language and labels the overview in it", async () => {
    fake.respondWith(validAnswer);
    await provider().analyse(record, '2026-10-15', 'ja');
    expect(String(fake.requests[0]!.messages[1]!.content)).toContain('Write every section in Japanese.');
    // the label names the item's own source, and none without a record
    expect(provider().generatedFrom('en', record)).toBe(
      'AI analysis (gpt-4o-mini) of official records (UK Parliament)',
    );
    expect(provider().generatedFrom('en')).toBe('AI analysis (gpt-4o-mini) of official records');
    expect(provider().generatedFrom('ja')).toContain('gpt-4o-mini');
    expect(provider().generatedFrom('ja')).not.toBe(provider().generatedFrom('en'));
  });

  it('accepts an answer without related developments and inside a code fence', async () => {
    const { relatedDevelopments: _omitted, ...rest } = validAnswer;
    fake.respondWith('```json\n' + JSON.stringify(rest) + '\n```');
    await expect(provider().analyse(record, '2026-10-15', 'en')).resolves.toEqual({
      ...rest,
      relatedDevelopments: [],
    });
  });

  it('answers analysis_failed for a malformed body', async () => {
    fake.mode('malformedJson');
    const error = await failure(provider().analyse(record, '2026-10-15', 'en'));
    expect([error.status, error.code]).toEqual([502, 'analysis_failed']);
    expect(error.message).toBe(
      'Unable to generate AI analysis: the analysis service returned a malformed answer. Please try again.',
    );
  });

  it('answers analysis_failed for an answer that is not the expected JSON', async () => {
    fake.respondWith('Here is your analysis: it is a bill.');
    expect((await failure(provider().analyse(record, '2026-10-15', 'en'))).code).toBe('analysis_failed');
    fake.respondWith({ executiveSummary: 'only one section' });
    const error = await failure(provider().analyse(record, '2026-10-15', 'en'));
    expect(error.message).toMatch(/^Unable to generate AI analysis: .*expected sections/);
  });

  it('gives up after its timeout', async () => {
    fake.mode('timeout');
    const started = Date.now();
    const error = await failure(provider().analyse(record, '2026-10-15', 'en'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.code).toBe('analysis_failed');
    expect(error.message).toMatch(
      /^Unable to generate AI analysis: the analysis service did not answer within/,
    );
  });

  it('marks a refused key as AI_NOT_CONFIGURED', async () => {
    fake.mode('unauthorized');
    const error = await failure(provider().analyse(record, '2026-10-15', 'en'));
    expect([error.status, error.code]).toEqual([503, 'ai_not_configured']);
    expect(error.message).toContain('AI_NOT_CONFIGURED');
    expect(error.message).not.toContain(KEY);
  });

  it('answers analysis_failed on 5xx and 429', async () => {
    fake.mode('status500');
    expect((await failure(provider().analyse(record, '2026-10-15', 'en'))).message).toContain('status 500');
    fake.mode('rateLimited');
    expect((await failure(provider().analyse(record, '2026-10-15', 'en'))).message).toContain('busy');
  });

  it('answers analysis_failed when the service cannot be reached', async () => {
    const closed = createOpenAiCompatibleProvider({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: KEY,
      model: 'm',
      timeoutMs: 400,
    });
    expect((await failure(closed.analyse(record, '2026-10-15', 'en'))).code).toBe('analysis_failed');
  });
});

describe('parseAnswer and provider choice', () => {
  it('rejects a completion without choices', () => {
    expect(() => parseAnswer('{"choices":[]}')).toThrow(/malformed answer/);
  });

  it('uses the AI service only when its URL and key are set', () => {
    expect(analysisProviderFor({ AI_BASE_URL: undefined, AI_API_KEY: undefined, AI_MODEL: 'm' })).toBe(
      officialRecordsProvider,
    );
    const ai = analysisProviderFor({
      AI_BASE_URL: 'http://127.0.0.1:1/v1',
      AI_API_KEY: KEY,
      AI_MODEL: 'gpt-4.1-mini',
    });
    expect([ai.name, ai.model]).toEqual(['ai', 'gpt-4.1-mini']);
    expect(ai.generatedFrom('en')).toContain('gpt-4.1-mini');
  });
});
