/** The News Cache and Search Terms tabs: starting a news refresh and an item's news search terms. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client';
import { notFound } from '#server/http/errors';
import type { JobContext } from '#server/jobs/types';
import { saveSearchTerms } from '#server/modules/legal-change-detail/news.queries';
import { newsProvidersFor, type NewsProvider } from '#server/providers/news';
import { deriveSearchTerms } from '#server/providers/news/search-terms';
import type { z } from 'zod';
import type { adminSearchTermEntrySchema } from '#shared/schemas/admin';
import { findItemForSearchTerms } from './admin-content.queries';
import { recordAdminAction } from './audit-log';

type AdminSearchTermEntry = z.infer<typeof adminSearchTermEntrySchema>;

/** One recorded news refresh run in this process (the refresh-news job's own run). */
export type NewsRefreshRunner = (
  ctx: Pick<JobContext, 'database' | 'log'>,
  providers: NewsProvider[],
  data: { limit?: number },
) => Promise<unknown>;

const REQUESTED_ITEMS = 50;

/**
 * Starts a refresh of 50 items: through the job queue when it runs, else in this process
 * (without waiting for it).
 */
export async function startNewsRefresh(app: FastifyInstance, runNewsRefresh: NewsRefreshRunner) {
  const { deps } = app;
  if (deps.jobs && deps.jobs.state() === 'running') {
    await deps.jobs.send('refresh-news', { limit: REQUESTED_ITEMS });
    return;
  }
  const providers = deps.newsProviders ?? newsProvidersFor(deps.config);
  void runNewsRefresh({ database: deps.database, log: app.log }, providers, { limit: REQUESTED_ITEMS }).catch(
    (error: unknown) => app.log.warn({ err: error }, 'a requested news refresh failed'),
  );
}

async function itemOf(db: Db, id: number) {
  const item = await findItemForSearchTerms(db, id);
  if (!item)
    throw notFound('There is no legal change with this id', 'legal_change_not_found').localized(
      'errors.legalChangeNoSuchId',
    );
  return item;
}

/** The news search terms an item would be searched with. */
export async function itemSearchTerms(db: Db, id: number): Promise<AdminSearchTermEntry> {
  const item = await itemOf(db, id);
  const terms = deriveSearchTerms(item);
  return {
    id: item.id,
    type: item.legislationType,
    title: item.title,
    searchTerms: { official: [terms.official], alternatives: terms.alternatives, generated_at: null },
  };
}

/** Derives the item's search terms again and saves them. */
export async function regenerateSearchTerms(
  db: Db,
  request: FastifyRequest,
  id: number,
): Promise<AdminSearchTermEntry> {
  const item = await itemOf(db, id);
  const terms = deriveSearchTerms(item);
  await saveSearchTerms(db, { legalChangeId: item.id, ...terms });
  await recordAdminAction(db, request, {
    action: 'search_terms.regenerated',
    targetType: 'legal_change',
    targetId: item.id,
  });
  return {
    id: item.id,
    type: item.legislationType,
    title: item.title,
    searchTerms: {
      official: [terms.official],
      alternatives: terms.alternatives,
      generated_at: new Date().toISOString(),
    },
  };
}
