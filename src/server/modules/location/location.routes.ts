/**
 * 'Detect my location' (members) and a first visit's starting language (anyone): the place by
 * the request's address or the browser's position (location.service.ts). A member's country is
 * stored on their account when a lookup finds it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOnly, requireUser } from '#server/plugins/session';
import {
  firstVisitLocationSchema,
  locationSchema,
  reverseLocationQuerySchema,
} from '#shared/schemas/location';
import { firstVisitLocation, locateByAddress, locateByPosition, rememberCountry } from './location.service';

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  app.get(
    '/api/location',
    { onRequest: memberOnly, schema: { response: { 200: locationSchema } } },
    async (request) =>
      rememberCountry(app.db, requireUser(request), await locateByAddress(config, request.ip)),
  );

  app.get(
    '/api/location/reverse',
    {
      onRequest: memberOnly,
      schema: { querystring: reverseLocationQuerySchema, response: { 200: locationSchema } },
    },
    async (request) =>
      rememberCountry(app.db, requireUser(request), await locateByPosition(config, request.query)),
  );

  app.get(
    '/api/location/first-visit',
    { schema: { response: { 200: firstVisitLocationSchema } } },
    async (request) => firstVisitLocation(app.db, config, request.ip, request.user ?? null),
  );
};
