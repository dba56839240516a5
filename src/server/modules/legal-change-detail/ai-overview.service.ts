import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { InFlightRuns } from '#server/cache/in-flight-runs';
import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/http/errors';
import { isMessageLanguage, type MessageLanguage } from '#server/messages/i18n';
import { officialSources } from '#server/providers/analysis/sources';
import type { AnalysisProvider, OfficialRecord } from '#server/providers/analysis/types';
import { z } from 'zod';
import {
  analysisContentSchema,
  type AIOverview,
  type AnalysisContent,
} from '#shared/schemas/legal-change-detail';
import {
  getStoredOverview,
  loadOfficialRecord,
  saveOverview,
  type StoredOverview,
} from './ai-overview.queries';
import { legalChangeNotFound } from './detail.errors';

const storedContentSchema = analysisContentSchema.extend({ generatedFrom: z.string() });

/** Identifies the official data, the language and the provider an overview was made with. */
export function overviewInputHash(
  record: OfficialRecord,
  provider: AnalysisProvider,
  today: string,
  language: MessageLanguage,
): string {
  // the official-records wording depends on the day (upcoming or past dates); an AI overview is kept until the data changes
  const day = provider.name === 'official-records' ? today : null;
  return createHash('sha256')
    .update(JSON.stringify({ v: provider.version, day, language, record }))
    .digest('hex');
}

export function presentOverview(row: StoredOverview): AIOverview | null {
  const content = storedContentSchema.safeParse(row.content);
  if (!content.success || (row.provider !== 'ai' && row.provider !== 'official-records')) return null;
  if (!isMessageLanguage(row.language)) return null;
  const { generatedFrom, ...sections } = content.data;
  return {
    ...sections,
    sources: row.sources,
    lastUpdated: row.generatedAt.toISOString(),
    provider: row.provider,
    generatedFrom,
    language: row.language,
  };
}

/**
 * The overview of an item in the reader's language: the stored one while the official data it
 * was made from is unchanged, else a new one (stored for next time). `regenerate` always makes
 * a new one. When a new one cannot be made on a plain read, the stored one is served as it is.
 */
export async function getAiOverview(
  db: DbOrTx,
  provider: AnalysisProvider,
  params: {
    legalChangeId: number;
    language: MessageLanguage;
    regenerate: boolean;
    log: FastifyBaseLogger;
    now?: Date;
  },
  /** the app's generations under way: one per item, language and provider at a time, shared */
  generations: InFlightRuns<string, AnalysisContent>,
): Promise<AIOverview> {
  const record = await loadOfficialRecord(db, params);
  if (!record) throw legalChangeNotFound();
  const today = (params.now ?? new Date()).toISOString().slice(0, 10);
  const { language } = params;
  const inputHash = overviewInputHash(record, provider, today, language);
  const stored = await getStoredOverview(db, params);
  const previous = stored ? presentOverview(stored) : null;
  if (!params.regenerate && previous && stored?.inputHash === inputHash) return previous;

  let content: AnalysisContent;
  try {
    const key = `${provider.version}:${language}:${record.item.id}`;
    content = await generations.run(key, () => provider.analyse(record, today, language));
  } catch (error) {
    if (!params.regenerate && previous && error instanceof AppError) {
      params.log.warn(
        { err: error, legalChangeId: params.legalChangeId },
        'analysis failed; serving the stored overview',
      );
      return previous;
    }
    throw error;
  }
  const saved = await saveOverview(db, {
    legalChangeId: params.legalChangeId,
    language,
    provider: provider.name,
    model: provider.model,
    content: { ...content, generatedFrom: provider.generatedFrom(language, record) },
    sources: officialSources(record),
    inputHash,
  });
  return presentOverview(saved)!;
}
