import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { pickLanguage, type MessageLanguage } from '#server/messages/i18n';
import { memberLanguage } from '#server/modules/auth/member-language.queries';
import { analysisProviderFor } from '#server/providers/analysis';
import { memberOnly, requireUser } from '#server/plugins/session';
import type { DbOrTx } from '#server/db/client';
import { idParamSchema } from '#shared/schemas/common';
import { aiOverviewQuerySchema, aiOverviewSchema } from '#shared/schemas/legal-change-detail';
import { getAiOverview } from './ai-overview.service';
import { AI_OVERVIEW_LIMIT, consumeMemberLimit } from './member-limits';

/** The language asked for, else the member's saved one, else the browser's, else English. */
async function readerLanguage(
  db: DbOrTx,
  request: FastifyRequest,
  asked: MessageLanguage | undefined,
): Promise<MessageLanguage> {
  if (asked) return asked;
  const saved = request.user ? await memberLanguage(db, request.user.id) : null;
  return pickLanguage(saved, request.headers['accept-language']);
}

/** The AI Overview tab: read (generated when missing or stale) and regenerate (members), per language. */
export const aiOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.deps.analysisProvider ?? analysisProviderFor(app.deps.config);
  const schema = {
    params: idParamSchema,
    querystring: aiOverviewQuerySchema,
    response: { 200: aiOverviewSchema },
  };

  const generations = app.caches.detail.overviewGenerations;

  app.get('/api/legal-changes/:id/ai-overview', { schema }, async (request) =>
    getAiOverview(
      app.db,
      provider,
      {
        legalChangeId: request.params.id,
        language: await readerLanguage(app.db, request, request.query.language),
        regenerate: false,
        log: request.log,
      },
      generations,
    ),
  );

  app.post('/api/legal-changes/:id/ai-overview', { onRequest: memberOnly, schema }, async (request) => {
    const user = requireUser(request);
    await consumeMemberLimit(app.db, user.id, AI_OVERVIEW_LIMIT);
    return getAiOverview(
      app.db,
      provider,
      {
        legalChangeId: request.params.id,
        language: await readerLanguage(app.db, request, request.query.language),
        regenerate: true,
        log: request.log,
      },
      generations,
    );
  });
};
