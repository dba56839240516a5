import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import { dashboardStats, upcomingDeadlineList, upcomingDeadlinesQuery } from '#shared/schemas/dashboard';
import { dashboardService } from './dashboard.service';

/** Member routes: signed out, every one answers 401 before looking at its input. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUser(request));
  // the member's session and figures come from this app's copies while they are current
  const dashboard = dashboardService(app.db, app.caches.dashboard);

  app.get('/api/dashboard/stats', { schema: { response: { 200: dashboardStats } } }, async (request) =>
    dashboard.stats(requireUser(request).id),
  );

  app.get(
    '/api/upcoming-deadlines',
    { schema: { querystring: upcomingDeadlinesQuery, response: { 200: upcomingDeadlineList } } },
    async (request) => dashboard.deadlines(requireUser(request).id, request.query.limit),
  );
};
