import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jurisdictionList, lawAreaList } from '#shared/schemas/reference';
import { jurisdictionsList, lawAreasList } from './reference.service';

/** Public reference data; it changes only with an administrator's edit, so browsers may keep it briefly. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/jurisdictions',
    { schema: { response: { 200: jurisdictionList } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return jurisdictionsList(app.db);
    },
  );

  app.get('/api/law-areas', { schema: { response: { 200: lawAreaList } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return lawAreasList(app.db);
  });
};
