import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSharedAnswer, type SharedAnswers } from '#server/lib/shared-answers';
import { requireUser } from '#server/plugins/session';
import {
  legalChangeSearchResult,
  searchLegalChangesQuery,
  searchTermMatches,
  searchTermMatchesQuery,
} from '#shared/schemas/legal-changes';
import { searchForMember, termMatchesForMember } from './legal-changes-search.service';

/** `answers`: signed-out visitors' answers, shared briefly (see SharedAnswers) */
export const legalChangesSearchRoutes: FastifyPluginAsyncZod<{ answers: SharedAnswers }> = async (
  app,
  { answers },
) => {
  app.get(
    '/api/legal-changes/search',
    { schema: { querystring: searchLegalChangesQuery, response: { 200: legalChangeSearchResult } } },
    async (request, reply) => {
      const answer = () => searchForMember(app.db, request.user, request.query);
      if (request.user) return answer();
      return sendSharedAnswer(reply, answers, `search ${JSON.stringify(request.query)}`, answer);
    },
  );

  app.get(
    '/api/legal-changes/search-terms',
    {
      onRequest: async (request) => void requireUser(request),
      schema: { querystring: searchTermMatchesQuery, response: { 200: searchTermMatches } },
    },
    async (request) => termMatchesForMember(app.db, requireUser(request), request.query),
  );
};
