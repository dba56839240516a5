import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import { cookiePreferencesSchema, updateCookiePreferencesSchema } from '#shared/schemas/cookies';
import { getCookiePreferences, saveCookiePreferences } from './cookie-preferences';

/** GET/PUT /api/user/cookie-preferences (spec document 1 §7 Cookies): signed-in members only. */
export const cookiePreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  // before the body is validated: a signed-out call is 401 whatever it sends
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/api/user/cookie-preferences',
    { schema: { response: { 200: cookiePreferencesSchema } } },
    async (request) => getCookiePreferences(app.db, requireUser(request).id),
  );

  app.put(
    '/api/user/cookie-preferences',
    { schema: { body: updateCookiePreferencesSchema, response: { 200: cookiePreferencesSchema } } },
    async (request) => saveCookiePreferences(app.db, requireUser(request).id, request.body),
  );
};
