import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisProviderFor } from '#server/providers/analysis';
import { requireUser } from '#server/plugins/session';
import { idParamSchema } from '#shared/schemas/common';
import { aiOverviewSchema } from '#shared/schemas/legal-change-detail';
import { getAiOverview } from './ai-overview.service';
import { AI_OVERVIEW_LIMIT, consumeMemberLimit } from './member-limits';

/** The AI Overview tab: read (generated when missing or stale) and regenerate (members). */
export const aiOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.deps.analysisProvider ?? analysisProviderFor(app.deps.config);

  app.get(
    '/api/legal-changes/:id/ai-overview',
    { schema: { params: idParamSchema, response: { 200: aiOverviewSchema } } },
    async (request) =>
      getAiOverview(app.db, provider, {
        legalChangeId: request.params.id,
        regenerate: false,
        log: request.log,
      }),
  );

  app.post(
    '/api/legal-changes/:id/ai-overview',
    { schema: { params: idParamSchema, response: { 200: aiOverviewSchema } } },
    async (request) => {
      const user = requireUser(request);
      await consumeMemberLimit(app.db, user.id, AI_OVERVIEW_LIMIT);
      return getAiOverview(app.db, provider, {
        legalChangeId: request.params.id,
        regenerate: true,
        log: request.log,
      });
    },
  );
};
