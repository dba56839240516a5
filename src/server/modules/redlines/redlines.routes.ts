import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  diffQuerySchema,
  provisionDiffSchema,
  provisionParamsSchema,
  provisionVersionsSchema,
} from '#shared/schemas/redlines';
import { legislationClientOf } from './redlines.client';
import { provisionDiffOf, provisionVersionsOf, type RedlineDeps } from './redlines.service';

/** "Changes to the text": a provision's versions and the redline between two of them. */
export const redlinesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: RedlineDeps['log']): RedlineDeps => ({
    db: app.db,
    client: legislationClientOf(app.deps),
    ...(log ? { log } : {}),
  });

  app.get(
    '/api/legal-changes/:id/provisions/:provision/versions',
    { schema: { params: provisionParamsSchema, response: { 200: provisionVersionsSchema } } },
    async (request) => provisionVersionsOf(deps(request.log), request.params.id, request.params.provision),
  );

  app.get(
    '/api/legal-changes/:id/provisions/:provision/diff',
    {
      schema: {
        params: provisionParamsSchema,
        querystring: diffQuerySchema,
        response: { 200: provisionDiffSchema },
      },
    },
    async (request) =>
      provisionDiffOf(
        deps(request.log),
        request.params.id,
        request.params.provision,
        request.query.from,
        request.query.to,
      ),
  );
};
