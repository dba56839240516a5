import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import {
  legalChangeSearchResult,
  searchLegalChangesQuery,
  searchTermMatches,
  searchTermMatchesQuery,
} from '#shared/schemas/legal-changes';
import { searchForMember, termMatchesForMember } from './legal-changes-search.service';

export const legalChangesSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/legal-changes/search',
    { schema: { querystring: searchLegalChangesQuery, response: { 200: legalChangeSearchResult } } },
    async (request) => searchForMember(app.db, request.user, request.query),
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
