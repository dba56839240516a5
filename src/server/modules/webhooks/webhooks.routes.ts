import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/http/errors';
import { requireUser } from '#server/plugins/session';
import { idParamSchema } from '#shared/schemas/common';
import { deletedSchema } from '#shared/schemas/preferences';
import {
  createdWebhookSchema,
  createWebhookSchema,
  deliveriesQuerySchema,
  deliveryPageSchema,
  webhookListSchema,
} from '#shared/schemas/webhooks';
import { listDeliveries } from './deliveries';
import { addWebhook, listWebhooks, removeWebhook } from './webhooks.service';

/** /preferences: team-chat webhooks and the member's delivery log. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get('/api/user/webhooks', { schema: { response: { 200: webhookListSchema } } }, async (request) =>
    listWebhooks(app.db, requireUser(request).id),
  );

  app.post(
    '/api/user/webhooks',
    { schema: { body: createWebhookSchema, response: { 201: createdWebhookSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const hook = await addWebhook(app.db, {
        userId: user.id,
        tier: user.subscriptionTier,
        input: request.body,
        allowPrivate: app.deps.config.WEBHOOK_ALLOW_PRIVATE_HOSTS,
      });
      return reply.code(201).send(hook);
    },
  );

  app.delete(
    '/api/user/webhooks/:id',
    { schema: { params: idParamSchema, response: { 200: deletedSchema } } },
    async (request) => {
      if (!(await removeWebhook(app.db, { userId: requireUser(request).id, id: request.params.id })))
        throw notFound('That webhook does not exist.', 'webhook_not_found');
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.get(
    '/api/user/deliveries',
    { schema: { querystring: deliveriesQuerySchema, response: { 200: deliveryPageSchema } } },
    async (request) => listDeliveries(app.db, { ...request.query, userId: requireUser(request).id }),
  );
};
