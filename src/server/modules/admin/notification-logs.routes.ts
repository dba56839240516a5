import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationLogListSchema } from '#shared/schemas/notifications';
import { requireAdmin } from './admin-auth.guard';
import { listNotificationLogs } from './notification-logs.queries';

/** GET /api/admin/notification-logs: the administrator's view of sent and queued messages. */
export const notificationLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/notification-logs', { schema: { response: { 200: notificationLogListSchema } } }, async (request) => {
    requireAdmin(request);
    return listNotificationLogs(app.db);
  });
};
