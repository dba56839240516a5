import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataFreshnessSchema } from '#shared/schemas/sync';
import { dataFreshness } from './data-freshness.service';

/** Whether the items shown come from the bundled snapshot or a source gone stale (the dashboard's banner). */
export const dataFreshnessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/data-freshness', { schema: { response: { 200: dataFreshnessSchema } } }, async () =>
    dataFreshness(app.db, app.deps.config.SYNC_INTERVAL_MINUTES),
  );
};
