import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsClockOf } from '#server/modules/outbox/sms-clock';
import { smsBudgetReport } from '#server/modules/outbox/sms-report';
import { notificationLogListSchema } from '#shared/schemas/notifications';
import { smsBudgetReportSchema } from '#shared/schemas/sms';
import { requireAdmin } from './admin-auth.guard';
import { listNotificationLogs } from './notification-logs.queries';

/**
 * GET /api/admin/notification-logs: the administrator's view of sent and queued messages.
 * GET /api/admin/sms-budget: today's SMS spend against the budget, and phone verifications never completed.
 */
export const notificationLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/notification-logs',
    { schema: { response: { 200: notificationLogListSchema } } },
    async (request) => {
      requireAdmin(request);
      return listNotificationLogs(app.db);
    },
  );

  const clock = smsClockOf(app);
  app.get(
    '/api/admin/sms-budget',
    { schema: { response: { 200: smsBudgetReportSchema } } },
    async (request) => {
      requireAdmin(request);
      return smsBudgetReport(app.db, app.deps.config, clock());
    },
  );
};
