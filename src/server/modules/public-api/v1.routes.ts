import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '#server/http/errors';
import { V1 } from './v1.contract';
import { assertWriteScope, principalOf, type ApiPrincipal } from './v1-guard';
import {
  changeEffects,
  changeWithTimeline,
  followedChanges,
  follow,
  listChanges,
  notificationsOf,
  searchChanges,
  unfollow,
  type PublicApiContext,
} from './v1.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** on /api/v1: the member and scopes of the request's API key */
    apiPrincipal: ApiPrincipal | null;
  }
}

/** The public REST API, version 1: `Authorization: Bearer <API key>` on every route. */
export const publicApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PublicApiContext = { db: app.db, reader: { db: app.db, caches: app.caches.legalChanges } };
  app.decorateRequest('apiPrincipal', null);
  // before any input is read: a missing key is 401, a spent limit 429, a read-only key 403 on writes
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    request.apiPrincipal = await principalOf(app, request, reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') assertWriteScope(request.apiPrincipal);
  });
  const userOf = (request: { apiPrincipal: ApiPrincipal | null }) => {
    if (!request.apiPrincipal) throw unauthorized();
    return request.apiPrincipal.user;
  };
  const { listLegalChanges: list, getLegalChange: one, getEffects: effects, search } = V1;

  app.get(list.url, { schema: list.schema }, async (request) =>
    listChanges(ctx, userOf(request), request.query),
  );
  app.get(one.url, { schema: one.schema }, async (request) => changeWithTimeline(ctx, request.params.id));
  app.get(effects.url, { schema: effects.schema }, async (request) => changeEffects(ctx, request.params.id));
  app.get(search.url, { schema: search.schema }, async (request) =>
    searchChanges(ctx, userOf(request), request.query),
  );
  app.get(V1.listFollowed.url, { schema: V1.listFollowed.schema }, async (request) =>
    followedChanges(ctx, userOf(request), request.query),
  );
  app.post(V1.follow.url, { schema: V1.follow.schema }, async (request, reply) =>
    reply.code(201).send(await follow(ctx, userOf(request), request.body.legalChangeId)),
  );
  app.delete(V1.unfollow.url, { schema: V1.unfollow.schema }, async (request, reply) => {
    await unfollow(ctx, userOf(request), request.params.legalChangeId);
    return reply.code(204).send();
  });
  app.get(V1.notifications.url, { schema: V1.notifications.schema }, async (request) =>
    notificationsOf(ctx, userOf(request), request.query),
  );
};
