import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBody } from '#server/modules/notifications/empty-json-body';
import { requireUser } from '#server/plugins/session';
import { idParamSchema } from '#shared/schemas/common';
import {
  alertPreferencesSchema,
  createSearchTermSchema,
  deletedSchema,
  searchTermListSchema,
  searchTermSchema,
  toggleSearchTermSchema,
  updateAlertPreferencesSchema,
} from '#shared/schemas/preferences';
import { getAlertPreferences, updateAlertPreferences } from './alert-preferences';
import { smsCallingCodes } from '#server/modules/outbox/sms-destinations';
import {
  addSearchTerm,
  memberSearchTerms,
  presentSearchTerm,
  removeSearchTerm,
  switchSearchTerm,
} from './search-terms.service';

/** /preferences: search terms and alert preferences (spec document 1 §7). */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  allowEmptyJsonBody(app);
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/api/user/search-terms',
    { schema: { response: { 200: searchTermListSchema } } },
    async (request) => memberSearchTerms(app.db, requireUser(request).id),
  );

  app.post(
    '/api/user/search-terms',
    { schema: { body: createSearchTermSchema, response: { 201: searchTermSchema } } },
    async (request, reply) => {
      const row = await addSearchTerm(app.db, {
        userId: requireUser(request).id,
        searchTerm: request.body.searchTerm,
      });
      return reply.code(201).send(presentSearchTerm(row));
    },
  );

  app.delete(
    '/api/user/search-terms/:id',
    { schema: { params: idParamSchema, response: { 200: deletedSchema } } },
    async (request) => removeSearchTerm(app.db, { userId: requireUser(request).id, id: request.params.id }),
  );

  app.put(
    '/api/user/search-terms/:id/toggle',
    { schema: { params: idParamSchema, body: toggleSearchTermSchema, response: { 200: searchTermSchema } } },
    async (request) =>
      switchSearchTerm(app.db, {
        userId: requireUser(request).id,
        id: request.params.id,
        isActive: request.body?.isActive,
      }),
  );

  app.get(
    '/api/user/alert-preferences',
    { schema: { response: { 200: alertPreferencesSchema } } },
    async (request) => getAlertPreferences(app.db, { userId: requireUser(request).id }),
  );

  app.put(
    '/api/user/alert-preferences',
    { schema: { body: updateAlertPreferencesSchema, response: { 200: alertPreferencesSchema } } },
    async (request) =>
      updateAlertPreferences(app.db, {
        userId: requireUser(request).id,
        input: request.body,
        allowedCallingCodes: smsCallingCodes(app.deps.config),
        tier: requireUser(request).subscriptionTier,
      }),
  );
};
