import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminGuardPlugin } from './admin-auth.guard';
import { adminAuthRoutes } from './admin-auth.routes';
import { adminAdminsRoutes } from './admins/admins.routes';
import { adminDiagnosticsRoutes } from './diagnostics/diagnostics.routes';

/**
 * The administrator's sign-in and guard. Not encapsulated, so the guard (CSRF on every non-GET
 * /api/admin/* call) also covers the admin routes registered after it.
 */
export const adminPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(adminGuardPlugin);
    await app.register(adminAuthRoutes);
    await app.register(adminAdminsRoutes);
    await app.register(adminDiagnosticsRoutes);
  },
  { name: 'admin', dependencies: ['session'] },
);
