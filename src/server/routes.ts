import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './modules/health/health.routes';
import { legalChangesRoutes } from './modules/legal-changes/legal-changes.routes';

/** Every module's routes, listed explicitly. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(legalChangesRoutes);
}
