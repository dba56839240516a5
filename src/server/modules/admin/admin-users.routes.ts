import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserDetailSchema,
  adminUserIdParamSchema,
  adminUserPageSchema,
  adminUserPatchSchema,
  adminUserQuerySchema,
  auditLogPageSchema,
  auditLogQuerySchema,
} from '#shared/schemas/admin';
import { messageResponseSchema } from '#shared/schemas/common';
import { requireAdmin } from './admin-auth.guard';
import { listUsers } from './admin-users.queries';
import { memberDetail, removeMember, updateMember } from './admin-users.service';
import { listAdminActions } from './audit-log';

/** The Users tab: list, detail, change plan, suspend or restore, delete; and the audit log. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    { schema: { querystring: adminUserQuerySchema, response: { 200: adminUserPageSchema } } },
    async (request) => {
      requireAdmin(request);
      return listUsers(app.db, request.query);
    },
  );

  app.get(
    '/api/admin/users/:id',
    { schema: { params: adminUserIdParamSchema, response: { 200: adminUserDetailSchema } } },
    async (request) => {
      requireAdmin(request);
      return memberDetail(app.db, request.params.id);
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      schema: {
        params: adminUserIdParamSchema,
        body: adminUserPatchSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      return updateMember(app.db, request, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/admin/users/:id',
    { schema: { params: adminUserIdParamSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      await removeMember(app.db, request, request.params.id);
      return { message: 'The member and their personal data were deleted.' };
    },
  );

  app.get(
    '/api/admin/audit-log',
    { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } } },
    async (request) => {
      requireAdmin(request);
      return listAdminActions(app.db, request.query);
    },
  );
};
