/**
 * /api/legal-sources (spec document 1 §8 "Legal sources"): status, syncs, the searches and the
 * recent lists, for signed-in members; and storing a found item so it can be followed.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '#server/plugins/session';
import type { LegalSourceCode } from '#shared/legal-sources';
import {
  euSearchQuery,
  legalSourceCodeParams,
  legalSourceSearchQuery,
  legalSourcesStatusSchema,
  optionalSearchQuery,
  sourceResultsSchema,
  storeItemBody,
  storeItemResponse,
  syncAllResponseSchema,
  syncOneResponseSchema,
} from '#shared/schemas/legal-sources';
import { storeLegalSourceItem } from './legal-source-items.service';
import { recentOfLegalSource, searchLegalSource } from './legal-source-search.service';
import { requestLegalSourcesSync } from './legal-source-requests';
import { knownLegalSource, legalSourcesStatus } from './legal-sources.service';

const results = { 200: sourceResultsSchema };

export const legalSourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUser(request));
  const deps = app.deps;
  const searches = app.caches.legalSourceSearches;

  app.get(
    '/api/legal-sources/status',
    { schema: { response: { 200: legalSourcesStatusSchema } } },
    async () => legalSourcesStatus(deps),
  );

  app.post(
    '/api/legal-sources/sync',
    { schema: { response: { 200: syncAllResponseSchema } } },
    async (request) =>
      requestLegalSourcesSync(deps, request.log, { triggeredBy: `member:${requireUser(request).id}` }),
  );

  app.post(
    '/api/legal-sources/:code/sync',
    { schema: { params: legalSourceCodeParams, response: { 200: syncOneResponseSchema } } },
    async (request) => {
      const code = knownLegalSource(request.params.code);
      await requestLegalSourcesSync(deps, request.log, {
        code,
        triggeredBy: `member:${requireUser(request).id}`,
      });
      const status = await legalSourcesStatus(deps);
      return { source: status.sources.find((s) => s.code === code)! };
    },
  );

  // searches, as the spec names them
  const search = (code: LegalSourceCode) => (request: { query: { query: string }; log: typeof app.log }) =>
    searchLegalSource(deps, searches, request.log, code, request.query.query);
  app.get(
    '/api/legal-sources/uk/search',
    { schema: { querystring: legalSourceSearchQuery, response: results } },
    search('uk'),
  );
  app.get(
    '/api/legal-sources/eu/search',
    { schema: { querystring: euSearchQuery, response: results } },
    (request) =>
      searchLegalSource(deps, searches, request.log, 'eu', request.query.query, {
        ...(request.query.docType ? { docType: request.query.docType } : {}),
        ...(request.query.language ? { language: request.query.language } : {}),
      }),
  );
  app.get(
    '/api/legal-sources/us/federal-register/search',
    { schema: { querystring: legalSourceSearchQuery, response: results } },
    search('us-federal-register'),
  );
  app.get(
    '/api/legal-sources/us/congress/bills',
    { schema: { querystring: optionalSearchQuery, response: results } },
    (request) =>
      request.query.query
        ? searchLegalSource(deps, searches, request.log, 'us-congress', request.query.query)
        : recentOfLegalSource(deps, 'us-congress'),
  );
  app.get(
    '/api/legal-sources/canada/recent-acts',
    { schema: { querystring: optionalSearchQuery, response: results } },
    (request) =>
      request.query.query
        ? searchLegalSource(deps, searches, request.log, 'canada', request.query.query)
        : recentOfLegalSource(deps, 'canada'),
  );
  app.get(
    '/api/legal-sources/australia/search',
    { schema: { querystring: legalSourceSearchQuery, response: results } },
    search('australia'),
  );
  app.get(
    '/api/legal-sources/:source/search',
    {
      schema: {
        params: z.object({ source: z.string().max(60) }),
        querystring: legalSourceSearchQuery,
        response: results,
      },
    },
    (request) => {
      const code = knownLegalSource(request.params.source);
      return searchLegalSource(deps, searches, request.log, code, request.query.query);
    },
  );

  // the recent lists (at most 10 each), from stored state
  const recent = (code: LegalSourceCode) => () => recentOfLegalSource(deps, code);
  app.get('/api/legal-sources/uk/recent-changes', { schema: { response: results } }, recent('uk'));
  app.get('/api/legal-sources/eu/recent-directives', { schema: { response: results } }, recent('eu'));
  app.get(
    '/api/legal-sources/us/federal-register/recent',
    { schema: { response: results } },
    recent('us-federal-register'),
  );
  app.get(
    '/api/legal-sources/australia/recent-legislation',
    { schema: { response: results } },
    recent('australia'),
  );

  // a found item stored here, so it can be followed (POST /api/legal-changes/{id}/action)
  app.post(
    '/api/legal-sources/:code/items',
    { schema: { params: legalSourceCodeParams, body: storeItemBody, response: { 200: storeItemResponse } } },
    async (request) => ({
      legalChangeId: await storeLegalSourceItem(
        deps,
        request.log,
        knownLegalSource(request.params.code),
        request.body.identifier,
      ),
    }),
  );
};
