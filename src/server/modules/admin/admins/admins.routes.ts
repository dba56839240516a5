/**
 * The named administrators: the owner's list, invites and removals, accepting an invite and
 * enrolling the TOTP second factor, and who the current session is.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authContextOf, requestMeta } from '#server/modules/auth/auth.context';
import {
  adminAcceptRequestSchema,
  adminIdParamsSchema,
  adminInviteRequestSchema,
  adminInviteResponseSchema,
  adminListSchema,
  adminMeSchema,
  adminRemoveResponseSchema,
  totpSetupResponseSchema,
  totpVerifyRequestSchema,
  totpVerifyResponseSchema,
} from '#shared/schemas/admin';
import { adminLoginResponseSchema } from '#shared/schemas/auth';
import { requireAdmin, requireEnrollingAdmin, requireOwner } from '../admin-auth.guard';
import { setAdminCookies } from '../admin-auth.routes';
import { recordAdminAction } from '../audit-log';
import {
  acceptAdminInvite,
  adminList,
  inviteAdmin,
  removeAdministrator,
  setupTotp,
  verifyTotp,
} from './admins.service';

export const adminAdminsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = authContextOf(app);

  app.get('/api/admin/me', { schema: { response: { 200: adminMeSchema } } }, async (request) => {
    requireAdmin(request);
    const { id, email, owner } = request.admin!;
    return { id, email, owner };
  });

  app.get('/api/admin/admins', { schema: { response: { 200: adminListSchema } } }, async (request) => {
    requireAdmin(request);
    return { admins: await adminList(ctx) };
  });

  app.post(
    '/api/admin/admins',
    { schema: { body: adminInviteRequestSchema, response: { 200: adminInviteResponseSchema } } },
    async (request) => {
      const owner = requireOwner(request);
      const admin = await inviteAdmin(ctx, owner, request.body.email, requestMeta(request));
      await recordAdminAction(app.db, request, {
        action: 'admin.invited',
        targetType: 'admin',
        targetId: admin.id,
        details: { email: admin.email },
      });
      return { admin, message: 'Invitation queued in the outbox' };
    },
  );

  app.delete(
    '/api/admin/admins/:id',
    { schema: { params: adminIdParamsSchema, response: { 200: adminRemoveResponseSchema } } },
    async (request) => {
      requireOwner(request);
      const removed = await removeAdministrator(ctx, request.params.id);
      await recordAdminAction(app.db, request, {
        action: 'admin.removed',
        targetType: 'admin',
        targetId: request.params.id,
        details: removed,
      });
      return { message: 'Administrator removed', sessionsEnded: removed.sessionsEnded };
    },
  );

  app.post(
    '/api/admin/admins/accept',
    { schema: { body: adminAcceptRequestSchema, response: { 200: adminLoginResponseSchema } } },
    async (request, reply) => {
      const { admin, session } = await acceptAdminInvite(
        ctx,
        request.body.token,
        request.body.password,
        requestMeta(request),
      );
      await recordAdminAction(app.db, request, {
        action: 'admin.invite_accepted',
        targetType: 'admin',
        targetId: admin.id,
        actor: admin,
      });
      setAdminCookies(reply, ctx.config, session.token, session.csrfToken);
      return { success: true as const, message: 'Password set; set up the second factor next' };
    },
  );

  app.post(
    '/api/admin/totp/setup',
    { schema: { response: { 200: totpSetupResponseSchema } } },
    async (request) => setupTotp(ctx, requireEnrollingAdmin(request)),
  );

  app.post(
    '/api/admin/totp/verify',
    { schema: { body: totpVerifyRequestSchema, response: { 200: totpVerifyResponseSchema } } },
    async (request) => {
      const admin = requireEnrollingAdmin(request);
      const result = await verifyTotp(ctx, admin, request.body.code);
      await recordAdminAction(app.db, request, {
        action: 'admin.totp_enabled',
        targetType: 'admin',
        targetId: admin.id,
        actor: admin,
      });
      return result;
    },
  );
};
