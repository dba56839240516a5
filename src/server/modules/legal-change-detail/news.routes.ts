import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import { newsProvidersFor } from '#server/providers/news';
import { idParamSchema } from '#shared/schemas/common';
import { newsQuerySchema, newsResultSchema } from '#shared/schemas/legal-change-detail';
import { consumeMemberLimit, NEWS_REFRESH_LIMIT } from './member-limits';
import { getNews } from './news.service';

/** The News tab: cached articles, fetched again when due; `?refresh=true` forces a fetch (members). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const providers = app.deps.newsProviders ?? newsProvidersFor(app.deps.config);

  app.get(
    '/api/legal-changes/:id/news',
    { schema: { params: idParamSchema, querystring: newsQuerySchema, response: { 200: newsResultSchema } } },
    async (request) => {
      if (request.query.refresh)
        await consumeMemberLimit(app.db, requireUser(request).id, NEWS_REFRESH_LIMIT);
      return getNews(
        app.db,
        providers,
        { legalChangeId: request.params.id, refresh: request.query.refresh, log: request.log },
        app.caches.detail.newsRefreshes,
      );
    },
  );
};
