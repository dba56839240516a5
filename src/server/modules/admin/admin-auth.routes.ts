/**
 * Administrator sign-in, sign-out and the system figures the admin screen checks on load
 * (a failure there clears its "admin-authenticated" flag).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config/config';
import { authContextOf, requestMeta } from '#server/modules/auth/auth.context';
import { ADMIN_COOKIE, sessionTokenOf } from '#server/plugins/session';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  authMessageResponseSchema,
} from '#shared/schemas/auth';
import { adminSystemStatsFullSchema } from '#shared/schemas/admin';
import { adminOverview } from './admin-system.queries';
import { CSRF_COOKIE, requireAdmin } from './admin-auth.guard';
import { systemStats } from './admin-auth.queries';
import { adminLogin, adminLogout } from './admin-auth.service';

export function setAdminCookies(
  reply: FastifyReply,
  config: Config,
  token: string | null,
  csrfToken: string | null,
) {
  const common = { sameSite: 'strict' as const, secure: config.appUrl.startsWith('https://'), path: '/' };
  if (token && csrfToken) {
    reply.setCookie(ADMIN_COOKIE, token, { ...common, httpOnly: true });
    reply.setCookie(CSRF_COOKIE, csrfToken, { ...common, httpOnly: false });
  } else {
    reply.clearCookie(ADMIN_COOKIE, { ...common, httpOnly: true });
    reply.clearCookie(CSRF_COOKIE, { ...common, httpOnly: false });
  }
}

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = authContextOf(app);
  await ctx.adminPasswordHash();

  app.post(
    '/api/admin/login',
    { schema: { body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema } } },
    async (request, reply) => {
      const session = await adminLogin(
        ctx,
        request.body,
        requestMeta(request),
        sessionTokenOf(request, ADMIN_COOKIE),
      );
      setAdminCookies(reply, ctx.config, session.token, session.csrfToken);
      return { success: true as const, message: 'Signed in as administrator' };
    },
  );

  app.post(
    '/api/admin/logout',
    { schema: { response: { 200: authMessageResponseSchema } } },
    async (request, reply) => {
      requireAdmin(request);
      await adminLogout(ctx, sessionTokenOf(request, ADMIN_COOKIE));
      setAdminCookies(reply, ctx.config, null, null);
      return { message: 'Signed out of the administrator area' };
    },
  );

  app.get(
    '/api/admin/system-stats',
    { schema: { response: { 200: adminSystemStatsFullSchema } } },
    async (request) => {
      requireAdmin(request);
      const now = new Date();
      const stats = await systemStats(ctx.db, now);
      return {
        ...stats,
        lastSync: stats.lastSync ? stats.lastSync.toISOString() : null,
        uptime: Math.floor(process.uptime()),
        ...(await adminOverview(ctx.db, now)),
      };
    },
  );
};
