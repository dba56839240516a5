/**
 * Analysis by an OpenAI-compatible chat completions API (hosted or local): one request with
 * the official record as JSON, a JSON object answer checked against the overview's sections.
 */
import { z } from 'zod';
import { t, type MessageLanguage } from '#server/messages/i18n';
import type { AnalysisContent } from '#shared/schemas/legal-change-detail';
import { analysisFailed, analysisNotConfigured } from './errors';
import { sourceLabel } from './official-records-text';
import { recordSource } from './sources';
import type { AnalysisProvider, OfficialRecord } from './types';

export const AI_TIMEOUT_MS = 30_000;
const PROMPT_VERSION = 'prompt-2';

export interface OpenAiCompatibleOptions {
  /** e.g. 'https://api.openai.com/v1'; the request goes to {baseUrl}/chat/completions */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((s) => s.slice(0, max));
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).transform((items) => items.slice(0, max));

/** What the model must answer; lenient about length, strict about shape. */
const modelAnswerSchema = z.object({
  executiveSummary: text(4000),
  currentStatus: text(2000),
  nextSteps: text(2000),
  keyProvisions: list(text(1000), 15),
  stakeholderImpact: list(z.object({ category: text(200), impact: text(1000) }), 12),
  politicalContext: text(3000),
  expertCommentary: text(3000),
  relatedDevelopments: list(text(1000), 12).optional().default([]),
});

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const SYSTEM_PROMPT = [
  'You are an analyst of UK legislation writing for compliance and policy professionals.',
  'Use only the facts in the official record you are given. Do not invent dates, stages, names, figures or quotations;',
  'when the record does not say something, say so plainly. Write clearly, in the language the user asks for;',
  'quote titles, stage names and other recorded text as the record gives them.',
  'Answer with one JSON object with exactly these keys: executiveSummary (string), currentStatus (string),',
  'nextSteps (string), keyProvisions (array of strings), stakeholderImpact (array of {category, impact}),',
  'politicalContext (string), expertCommentary (string), relatedDevelopments (array of strings).',
].join(' ');

/** The language to write in, named in English for the model: 'British English', 'Japanese'. */
const LANGUAGE_NAMES: Record<MessageLanguage, string> = {
  en: 'British English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Simplified Chinese',
  ar: 'Arabic',
  ru: 'Russian',
  nl: 'Dutch',
};

export function userPrompt(record: OfficialRecord, today: string, lang: MessageLanguage): string {
  return [
    `Today is ${today}. Write every section in ${LANGUAGE_NAMES[lang]}.`,
    `Write the overview of this item from its official record:\n${JSON.stringify(record)}`,
  ].join(' ');
}

async function post(options: OpenAiCompatibleOptions, body: object): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? AI_TIMEOUT_MS;
  try {
    return await (options.fetchImpl ?? fetch)(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') {
      throw analysisFailed(
        `the analysis service did not answer within ${Math.round(timeoutMs / 1000)} seconds. Please try again.`,
      );
    }
    throw analysisFailed('the analysis service could not be reached. Please try again later.');
  }
}

async function readBody(response: Response, timeoutMs: number): Promise<string> {
  try {
    return await response.text();
  } catch {
    throw analysisFailed(
      `the analysis service did not finish its answer within ${Math.round(timeoutMs / 1000)} seconds.`,
    );
  }
}

/** The assistant's JSON answer, validated; every failure is an 'analysis_failed' error. */
export function parseAnswer(raw: string): AnalysisContent {
  let completion: z.infer<typeof completionSchema>;
  let answer: unknown;
  try {
    completion = completionSchema.parse(JSON.parse(raw));
    // local servers sometimes wrap the object in a Markdown code fence
    const content = (completion.choices[0]!.message.content ?? '')
      .trim()
      .replace(/^```(?:json)?\s*|\s*```$/g, '');
    answer = JSON.parse(content);
  } catch {
    throw analysisFailed('the analysis service returned a malformed answer. Please try again.');
  }
  const parsed = modelAnswerSchema.safeParse(answer);
  if (!parsed.success)
    throw analysisFailed('the analysis service returned an answer without the expected sections.');
  return parsed.data;
}

export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AnalysisProvider {
  return {
    name: 'ai',
    model: options.model,
    version: `${options.model}:${PROMPT_VERSION}`,
    generatedFrom: (lang, record) => {
      const source = record && recordSource(record);
      const name = source && sourceLabel(lang, source);
      return name
        ? t(lang, 'analysis.generatedFromAiOne', { model: options.model, source: name })
        : t(lang, 'analysis.generatedFromAi', { model: options.model });
    },
    async analyse(record, today, lang) {
      const response = await post(options, {
        model: options.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: userPrompt(record, today, lang) },
        ],
        response_format: { type: 'json_object' },
        temperature: 0.2,
      });
      const raw = await readBody(response, options.timeoutMs ?? AI_TIMEOUT_MS);
      if (response.status === 401 || response.status === 403) throw analysisNotConfigured();
      if (response.status === 429)
        throw analysisFailed('the analysis service is busy. Please try again in a minute.');
      if (!response.ok)
        throw analysisFailed(
          `the analysis service answered with status ${response.status}. Please try again later.`,
        );
      return parseAnswer(raw);
    },
  };
}
