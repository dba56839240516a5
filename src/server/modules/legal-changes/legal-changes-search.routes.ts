import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPrepared } from '#server/http/composed-answer';
import { serializedAnswer } from '#server/http/serialized-answer';
import { requireUser } from '#server/plugins/session';
import {
  legalChangeSearchResult,
  searchLegalChangesQuery,
  searchTermMatches,
  searchTermMatchesQuery,
} from '#shared/schemas/legal-changes';
import type { LegalChangesReader } from './legal-changes.caches';
import { searchLegalChangesFor } from './legal-changes-search.service';
import { termMatchesForMember } from './search-term-matches.service';

/** `reader`: the database and the app's list and search caches */
export const legalChangesSearchRoutes: FastifyPluginAsyncZod<{ reader: LegalChangesReader }> = async (
  app,
  { reader },
) => {
  app.get(
    '/api/legal-changes/search',
    {
      config: { memberActions: true },
      schema: { querystring: searchLegalChangesQuery, response: { 200: legalChangeSearchResult } },
    },
    async (request, reply) =>
      sendPrepared(
        reply,
        await searchLegalChangesFor(reader, request.query, request.user, (answer) =>
          serializedAnswer(reply, answer),
        ),
      ),
  );

  app.get(
    '/api/legal-changes/search-terms',
    {
      onRequest: async (request) => void requireUser(request),
      schema: { querystring: searchTermMatchesQuery, response: { 200: searchTermMatches } },
    },
    async (request) => termMatchesForMember(reader, requireUser(request), request.query),
  );
};
