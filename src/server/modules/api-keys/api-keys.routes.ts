import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import { apiKeyCreated, apiKeyIdParams, apiKeyList, createApiKeyBody } from '#shared/schemas/api-keys';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** The member's API keys (the settings' Developers card): session only, never an API key. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUser(request));

  app.get('/api/user/api-keys', { schema: { response: { 200: apiKeyList } } }, async (request) =>
    listApiKeys(app.db, requireUser(request).id),
  );

  app.post(
    '/api/user/api-keys',
    { schema: { body: createApiKeyBody, response: { 201: apiKeyCreated } } },
    async (request, reply) => {
      const created = await createApiKey(app.db, app.deps.config, requireUser(request), request.body);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  );

  app.delete('/api/user/api-keys/:id', { schema: { params: apiKeyIdParams } }, async (request, reply) => {
    await revokeApiKey(app.db, requireUser(request).id, request.params.id);
    return reply.code(204).send();
  });
};
