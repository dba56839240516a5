import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import { dashboardStats, upcomingDeadlineList, upcomingDeadlinesQuery } from '#shared/schemas/dashboard';
import { upcomingDeadlines } from './dashboard.queries';
import { dashboardStatsFor } from './dashboard.service';

/** Member routes: signed out, every one answers 401 before looking at its input. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUser(request));

  // the member's session and figures come from this process's copies while they are current
  app.get('/api/dashboard/stats', { schema: { response: { 200: dashboardStats } } }, async (request) =>
    dashboardStatsFor(app.db, requireUser(request).id, new Date(), app.memberSessions),
  );

  app.get(
    '/api/upcoming-deadlines',
    { schema: { querystring: upcomingDeadlinesQuery, response: { 200: upcomingDeadlineList } } },
    async (request) => {
      const rows = await upcomingDeadlines(app.db, requireUser(request).id, request.query.limit);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        consultationEndDate: r.consultationEndDate,
        followed: r.followed,
      }));
    },
  );
};
