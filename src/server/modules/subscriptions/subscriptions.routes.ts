import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import { idParamSchema } from '#shared/schemas/common';
import {
  canSubscribeResponse,
  createSubscriptionBody,
  subscriptionLimits,
  subscriptionPairBody,
  userSubscription,
  userSubscriptionList,
} from '#shared/schemas/subscriptions';
import {
  canSubscribe,
  changeSubscription,
  removeSubscription,
  subscriptionLimitsOf,
  subscriptionsFor,
} from './subscriptions.service';

/** Member routes: signed out, every one answers 401 before looking at its input. */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUser(request));

  for (const path of ['/api/subscription-limits', '/api/auth/user/subscription-limits']) {
    app.get(path, { schema: { response: { 200: subscriptionLimits } } }, async (request) =>
      subscriptionLimitsOf(requireUser(request).subscriptionTier),
    );
  }

  app.get(
    '/api/user-subscriptions',
    { schema: { response: { 200: userSubscriptionList } } },
    async (request) => subscriptionsFor(app.db, requireUser(request).id),
  );

  app.post(
    '/api/can-subscribe',
    { schema: { body: subscriptionPairBody, response: { 200: canSubscribeResponse } } },
    async (request) => canSubscribe(app.db, requireUser(request), request.body),
  );

  app.patch(
    '/api/user-subscriptions/toggle',
    { schema: { body: subscriptionPairBody, response: { 200: userSubscription } } },
    async (request) => changeSubscription(app.db, requireUser(request), request.body, 'toggle'),
  );

  app.post(
    '/api/user-subscriptions',
    { schema: { body: createSubscriptionBody, response: { 201: userSubscription } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await changeSubscription(app.db, requireUser(request), request.body, 'activate')),
  );

  app.delete('/api/user-subscriptions/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await removeSubscription(app.db, requireUser(request).id, request.params.id);
    return reply.status(204).send();
  });
};
