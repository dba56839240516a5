import type { Config } from '#server/config/config';
import { officialRecordsProvider } from './official-records';
import { createOpenAiCompatibleProvider } from './openai-compatible';
import type { AnalysisProvider } from './types';

export type { AnalysisProvider, OfficialRecord } from './types';

/** The AI service when AI_BASE_URL and AI_API_KEY are set; otherwise the official-records overview. */
export function analysisProviderFor(
  config: Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>,
): AnalysisProvider {
  if (config.AI_BASE_URL && config.AI_API_KEY) {
    return createOpenAiCompatibleProvider({
      baseUrl: config.AI_BASE_URL,
      apiKey: config.AI_API_KEY,
      model: config.AI_MODEL,
    });
  }
  return officialRecordsProvider;
}
