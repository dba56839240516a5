import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/http/errors';
import {
  adminSearchTermEntrySchema,
  adminSearchTermsSchema,
  cachedArticleListSchema,
  databaseStatsSchema,
  isPrimaryQuerySchema,
  newsCacheListSchema,
  regenerateBodySchema,
  systemHealthSchema,
} from '#shared/schemas/admin';
import { idParamSchema, messageResponseSchema } from '#shared/schemas/common';
import { requireAdmin } from './admin-auth.guard';
import { adminSearchTerms, cachedArticles, recentNewsCaches } from './admin-content.queries';
import {
  itemSearchTerms,
  regenerateSearchTerms,
  startNewsRefresh,
  type NewsRefreshRunner,
} from './admin-news.service';
import { systemHealth } from '#server/modules/health/system-health.service';
import { databaseStats } from './admin-system.queries';
import { recordAdminAction } from './audit-log';

/**
 * Database, System, News Cache and Search Terms. A news refresh asked for while the job queue is
 * not running runs in this process with `runNewsRefresh`.
 */
export const adminConsoleRoutes: FastifyPluginAsyncZod<{ runNewsRefresh: NewsRefreshRunner }> = async (
  app,
  opts,
) => {
  const { config } = app.deps;

  app.get(
    '/api/admin/database-stats',
    { schema: { response: { 200: databaseStatsSchema } } },
    async (request) => {
      requireAdmin(request);
      return databaseStats(app.db);
    },
  );

  app.get(
    '/api/admin/system-health',
    { schema: { response: { 200: systemHealthSchema } } },
    async (request) => {
      requireAdmin(request);
      return systemHealth({ db: app.db, config, jobs: app.deps.jobs, caches: app.caches });
    },
  );

  // ---- News Cache
  app.get(
    '/api/admin/news-cache',
    { schema: { response: { 200: newsCacheListSchema } } },
    async (request) => {
      requireAdmin(request);
      return recentNewsCaches(app.db, new Date());
    },
  );

  app.get(
    '/api/admin/news-cache/:id/articles',
    { schema: { params: idParamSchema, response: { 200: cachedArticleListSchema } } },
    async (request) => {
      requireAdmin(request);
      const list = await cachedArticles(app.db, request.params.id, new Date());
      if (!list) throw notFound('There is no news cache entry with this id', 'news_cache_not_found');
      return list;
    },
  );

  for (const path of ['/api/admin/trigger-news-fetch', '/api/admin/sync/news-cache']) {
    app.post(path, { schema: { response: { 202: messageResponseSchema } } }, async (request, reply) => {
      requireAdmin(request);
      await startNewsRefresh(app, opts.runNewsRefresh);
      await recordAdminAction(app.db, request, { action: 'news.refresh_started', targetType: 'news-cache' });
      return reply.status(202).send({ message: 'The news refresh has started.' });
    });
  }

  // ---- Search Terms
  app.get(
    '/api/admin/search-terms',
    { schema: { response: { 200: adminSearchTermsSchema } } },
    async (request) => {
      requireAdmin(request);
      return adminSearchTerms(app.db);
    },
  );

  app.get(
    '/api/admin/legislation-search-terms/:id',
    {
      schema: {
        params: idParamSchema,
        querystring: isPrimaryQuerySchema,
        response: { 200: adminSearchTermEntrySchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return itemSearchTerms(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/search-terms/:id/regenerate',
    {
      schema: {
        params: idParamSchema,
        body: regenerateBodySchema.optional(),
        response: { 200: adminSearchTermEntrySchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return regenerateSearchTerms(app.db, request, request.params.id);
    },
  );
};
