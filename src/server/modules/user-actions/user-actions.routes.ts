import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import { idParamSchema } from '#shared/schemas/common';
import {
  followedLegalChanges,
  followedLegalChangesQuery,
  setUserActionBody,
  userActionResponse,
} from '#shared/schemas/legal-changes';
import { presentFollowed } from './user-actions.presenter';
import { countFollowed, listFollowed } from './user-actions.queries';
import { getAction, setAction } from './user-actions.service';

/** Member routes: signed out, every one answers 401 before looking at its input. */
export const userActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUser(request));

  app.get(
    '/api/legal-changes/followed',
    { schema: { querystring: followedLegalChangesQuery, response: { 200: followedLegalChanges } } },
    async (request) => {
      const user = requireUser(request);
      const { page, limit } = request.query;
      const rows = await listFollowed(app.db, { userId: user.id, page, limit });
      const total = rows[0]?.total ?? (page > 1 ? await countFollowed(app.db, user.id) : 0);
      return {
        data: rows.map(presentFollowed),
        total,
        hasMore: (page - 1) * limit + rows.length < total,
        page,
        limit,
      };
    },
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
      action: await setAction(app.db, requireUser(request), request.params.id, request.body),
    }),
  );
};
