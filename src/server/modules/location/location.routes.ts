/** 'Detect my location': the member's place by their address or their browser's position (location.service.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import { locationSchema, reverseLocationQuerySchema } from '#shared/schemas/location';
import { locateByAddress, locateByPosition } from './location.service';

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  app.get('/api/location', { schema: { response: { 200: locationSchema } } }, async (request) => {
    requireUser(request);
    return locateByAddress(config, request.ip);
  });

  app.get(
    '/api/location/reverse',
    { schema: { querystring: reverseLocationQuerySchema, response: { 200: locationSchema } } },
    async (request) => {
      requireUser(request);
      return locateByPosition(config, request.query);
    },
  );
};
