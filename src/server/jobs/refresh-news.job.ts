import { listItemsDueForNews } from '#server/modules/legal-change-detail/news.queries';
import { refreshItemNews } from '#server/modules/legal-change-detail/news.service';
import { insertSyncOperation, saveSyncOperation } from '#server/modules/sync/sync-runs.queries';
import { newsProvidersFor, type NewsProvider } from '#server/providers/news';
import type { JobContext, JobDefinition } from './types';

/** Items refreshed per run; the rest wait for the next run. */
export const NEWS_ITEMS_PER_RUN = 50;

export interface RefreshNewsData {
  /** overrides the per-run bound (admin-triggered runs) */
  limit?: number;
}

/** One run over the due items: followed items first, then the longest overdue. */
export async function refreshDueNews(
  ctx: Pick<JobContext, 'database' | 'log'>,
  providers: NewsProvider[],
  limit: number,
) {
  const { db } = ctx.database;
  const items = await listItemsDueForNews(db, { now: new Date(), limit });
  let refreshed = 0;
  let failed = 0;
  for (const item of items) {
    try {
      const cache = await refreshItemNews(db, providers, item, { log: ctx.log });
      if (cache.fetchSuccess) refreshed += 1;
      else failed += 1;
    } catch (error) {
      failed += 1;
      ctx.log.warn({ err: error, legalChangeId: item.id }, 'news refresh of an item failed');
    }
  }
  return { due: items.length, refreshed, failed };
}

/** Refreshes the news caches whose next fetch has passed, every 6 hours. */
export const refreshNewsJob: JobDefinition<RefreshNewsData> = {
  name: 'refresh-news',
  schedule: () => '41 */6 * * *',
  policy: 'singleton',
  retryLimit: 1,
  expireInSeconds: 60 * 30,
  run: (ctx, data) => runNewsRefresh(ctx, newsProvidersFor(ctx.config), data),
};

/** One recorded news refresh run (a sync operation of type news-cache), on a schedule or on request. */
export async function runNewsRefresh(
  ctx: Pick<JobContext, 'database' | 'log'>,
  providers: NewsProvider[],
  data: RefreshNewsData | undefined,
) {
  const { db } = ctx.database;
  const limit = Math.min(Math.max(Math.trunc(data?.limit ?? NEWS_ITEMS_PER_RUN), 1), 500);
  const id = await insertSyncOperation(db, {
    syncType: 'news-cache',
    triggeredBy: data?.limit ? 'admin' : 'schedule',
  });
  try {
    const result = await refreshDueNews(ctx, providers, limit);
    await saveSyncOperation(db, {
      id,
      values: { status: 'completed', completedAt: new Date(), details: { news: result } },
    });
    return result;
  } catch (error) {
    await saveSyncOperation(db, {
      id,
      values: { status: 'failed', completedAt: new Date(), errorMessage: (error as Error).message },
    });
    throw error;
  }
}
