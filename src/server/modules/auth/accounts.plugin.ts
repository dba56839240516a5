import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminGuardPlugin } from '#server/modules/admin/admin-auth.guard';
import { adminAuthRoutes } from '#server/modules/admin/admin-auth.routes';
import { authRoutes } from './auth.routes';

/**
 * Member and administrator accounts. Not encapsulated, so the admin guard (CSRF on every
 * non-GET /api/admin/* call) also covers admin routes registered after it.
 */
export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(adminGuardPlugin);
    await app.register(authRoutes);
    await app.register(adminAuthRoutes);
  },
  { name: 'accounts', dependencies: ['session'] },
);
