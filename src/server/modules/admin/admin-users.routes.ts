import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { deleteSessionsOfUser } from '#server/modules/auth/auth.queries';
import { sessionChanges } from '#server/plugins/session';
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
import { findUserDetail, listUsers } from './admin-users.queries';
import { listAdminActions, recordAdminAction } from './audit-log';

const memberNotFound = () => notFound('There is no member with this id', 'user_not_found');

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
      const user = await findUserDetail(app.db, request.params.id);
      if (!user) throw memberNotFound();
      return user;
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
      const { id } = request.params;
      const { subscriptionTier, suspended } = request.body;
      const found = await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ tier: users.subscriptionTier, suspendedAt: users.suspendedAt })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        if (!before) return false;
        if (subscriptionTier !== undefined && subscriptionTier !== before.tier) {
          await tx.update(users).set({ subscriptionTier, updatedAt: new Date() }).where(eq(users.id, id));
          await recordAdminAction(tx, request, {
            action: 'user.tier_changed',
            targetType: 'user',
            targetId: id,
            details: { from: before.tier, to: subscriptionTier },
          });
        }
        if (suspended !== undefined && suspended !== (before.suspendedAt !== null)) {
          await tx
            .update(users)
            .set({ suspendedAt: suspended ? new Date() : null, updatedAt: new Date() })
            .where(eq(users.id, id));
          // a suspended member is signed out everywhere at once
          if (suspended) await deleteSessionsOfUser(tx, id);
          await recordAdminAction(tx, request, {
            action: suspended ? 'user.suspended' : 'user.restored',
            targetType: 'user',
            targetId: id,
          });
        }
        return true;
      });
      if (!found) throw memberNotFound();
      if (suspended) sessionChanges.announce();
      return (await findUserDetail(app.db, id))!;
    },
  );

  app.delete(
    '/api/admin/users/:id',
    { schema: { params: adminUserIdParamSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      const { id } = request.params;
      const deleted = await app.db.transaction(async (tx) => {
        const rows = await tx.delete(users).where(eq(users.id, id)).returning({ email: users.email });
        if (!rows.length) return false;
        // the address itself is personal data: the log keeps only that an account was deleted
        await recordAdminAction(tx, request, { action: 'user.deleted', targetType: 'user', targetId: id });
        return true;
      });
      if (!deleted) throw memberNotFound();
      sessionChanges.announce();
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
