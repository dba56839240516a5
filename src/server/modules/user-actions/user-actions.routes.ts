import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import { idParamSchema } from '#shared/schemas/common';
import {
  followedLegalChanges,
  followedLegalChangesQuery,
  setUserActionBody,
  userActionResponse,
} from '#shared/schemas/legal-changes';
import { followedPage, getAction, setAction } from './user-actions.service';

/** Member routes: signed out, every one answers 401 before looking at its input. */
export const userActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUser(request));

  app.get(
    '/api/legal-changes/followed',
    { schema: { querystring: followedLegalChangesQuery, response: { 200: followedLegalChanges } } },
    async (request) => followedPage(app.db, requireUser(request).id, request.query),
  );

  app.get(
    '/api/legal-changes/:id/action',
    { schema: { params: idParamSchema, response: { 200: userActionResponse } } },
    async (request) => ({ action: await getAction(app.db, requireUser(request), request.params.id) }),
  );

  app.post(
    '/api/legal-changes/:id/action',
    { schema: { params: idParamSchema, body: setUserActionBody, response: { 200: userActionResponse } } },
    async (request) => ({
      action: await setAction(app.db, requireUser(request), request.params.id, request.body, app.deps.jobs),
    }),
  );
};
