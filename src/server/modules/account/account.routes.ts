import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authContextOf, requestMeta } from '#server/modules/auth/auth.context';
import { memberOnly, requireUser } from '#server/plugins/session';
import { messageResponseSchema } from '#shared/schemas/common';
import {
  changeEmailSchema,
  changeEmailVerifySchema,
  changePasswordSchema,
  deleteAccountSchema,
} from '#shared/schemas/settings';
import { z } from 'zod';
import { changePassword, confirmEmailChange, deleteAccount, requestEmailChange } from './account.service';
import { memberExport } from './export';

/** Password, email address, data export and account deletion for the signed-in member. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = authContextOf(app);
  app.addHook('onRequest', memberOnly);

  app.post(
    '/api/auth/change-password',
    {
      schema: {
        body: changePasswordSchema,
        response: { 200: z.object({ message: z.string(), sessionsEnded: z.number().int() }) },
      },
    },
    async (request) => changePassword(ctx, requireUser(request), request.body, requestMeta(request)),
  );

  app.post(
    '/api/auth/change-email',
    { schema: { body: changeEmailSchema, response: { 200: messageResponseSchema } } },
    async (request) => requestEmailChange(ctx, requireUser(request), request.body, requestMeta(request)),
  );

  app.post(
    '/api/auth/change-email/verify',
    {
      schema: {
        body: changeEmailVerifySchema,
        response: { 200: z.object({ message: z.string(), email: z.string() }) },
      },
    },
    async (request) => confirmEmailChange(ctx, requireUser(request), request.body.code, requestMeta(request)),
  );

  app.get('/api/user/export', async (request, reply) => {
    const user = requireUser(request);
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="lexwatch-data-${date}.json"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(memberExport(app.db, user.id)));
  });

  app.delete(
    '/api/user/account',
    { schema: { body: deleteAccountSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const result = await deleteAccount(ctx, requireUser(request), request.body, requestMeta(request));
      reply.clearCookie('lw_session', { path: '/' });
      return result;
    },
  );
};
