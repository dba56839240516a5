import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/http/errors';
import { loadVapidKeys } from '#server/lib/vapid';
import { memberOnly, requireUser } from '#server/plugins/session';
import { idParamSchema } from '#shared/schemas/common';
import { deletedSchema } from '#shared/schemas/preferences';
import {
  createPushSubscriptionSchema,
  pushSubscriptionCreatedSchema,
  vapidPublicKeySchema,
} from '#shared/schemas/push';
import { addPushSubscription, removePushSubscription } from './push.service';

/** Browser push: the VAPID public key (public), and a member's browser subscriptions. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  // read (or generated) once for this app; only the public half is ever answered
  const { publicKey } = loadVapidKeys(app.deps.config, app.log);

  app.get(
    '/api/push/vapid-public-key',
    { schema: { response: { 200: vapidPublicKeySchema } } },
    async () => ({
      publicKey,
    }),
  );

  // member routes: a signed-out call answers 401 before its input is validated
  app.post(
    '/api/user/push-subscriptions',
    {
      onRequest: memberOnly,
      schema: { body: createPushSubscriptionSchema, response: { 201: pushSubscriptionCreatedSchema } },
    },
    async (request, reply) => {
      const created = await addPushSubscription(app.db, {
        userId: requireUser(request).id,
        input: request.body,
        allowPrivate: app.deps.config.WEBHOOK_ALLOW_PRIVATE_HOSTS,
      });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/user/push-subscriptions/:id',
    { onRequest: memberOnly, schema: { params: idParamSchema, response: { 200: deletedSchema } } },
    async (request) => {
      const { id } = request.params;
      if (!(await removePushSubscription(app.db, { userId: requireUser(request).id, id })))
        throw notFound('That push subscription does not exist.', 'push_subscription_not_found');
      return { id, deleted: true as const };
    },
  );
};
