import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAvailabilitySchema,
  availabilityUpdateSchema,
  initializeDefaultsResponseSchema,
} from '#shared/schemas/admin';
import { requireAdmin } from './admin-auth.guard';
import {
  applyRecommendedAvailability,
  availabilityAnswer,
  updateAvailability,
} from './admin-legislation.service';

/** Legislation Settings: the types available to everyone. */
export const adminLegislationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/legislation-availability',
    { schema: { response: { 200: adminAvailabilitySchema } } },
    async (request) => {
      requireAdmin(request);
      return availabilityAnswer(app.db);
    },
  );

  app.put(
    '/api/admin/legislation-availability',
    { schema: { body: availabilityUpdateSchema, response: { 200: adminAvailabilitySchema } } },
    async (request) => {
      requireAdmin(request);
      return updateAvailability(app.db, request, request.body);
    },
  );

  app.post(
    '/api/admin/initialize-legislation-defaults',
    { schema: { response: { 200: initializeDefaultsResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      return applyRecommendedAvailability(app.db, request);
    },
  );
};
