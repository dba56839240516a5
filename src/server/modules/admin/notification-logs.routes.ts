import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '#server/http/errors';
import { kickOutboxSender } from '#server/modules/outbox/outbox-sender';
import { smsClockOf } from '#server/modules/outbox/sms-clock';
import { smsBudgetReport } from '#server/modules/outbox/sms-report';
import {
  notificationLogPageSchema,
  notificationLogQuerySchema,
  outboxIdParamSchema,
  outboxMessageSchema,
} from '#shared/schemas/admin';
import { messageResponseSchema } from '#shared/schemas/common';
import { smsBudgetReportSchema } from '#shared/schemas/sms';
import { requireAdmin } from './admin-auth.guard';
import { recordAdminAction } from './audit-log';
import { findOutboxMessage, listNotificationLogs, requeueFailedMessage } from './notification-logs.queries';

/**
 * The Notifications tab: the outbox (filterable, paged), one message in full while it is kept
 * (the embedded mail catcher), retrying a failed message, and the SMS budget.
 */
export const notificationLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/notification-logs',
    { schema: { querystring: notificationLogQuerySchema, response: { 200: notificationLogPageSchema } } },
    async (request) => {
      requireAdmin(request);
      return listNotificationLogs(app.db, request.query);
    },
  );

  app.get(
    '/api/admin/outbox/:id',
    { schema: { params: outboxIdParamSchema, response: { 200: outboxMessageSchema } } },
    async (request) => {
      requireAdmin(request);
      const message = await findOutboxMessage(app.db, request.params.id);
      if (!message) throw notFound('There is no message with this id in the outbox', 'message_not_found');
      return message;
    },
  );

  app.post(
    '/api/admin/outbox/:id/retry',
    { schema: { params: outboxIdParamSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      const result = await requeueFailedMessage(app.db, request.params.id);
      if (!result) throw notFound('There is no message with this id in the outbox', 'message_not_found');
      if (result === 'not_failed')
        throw conflict('Only a failed message can be retried', 'message_not_failed');
      await recordAdminAction(app.db, request, {
        action: 'outbox.retried',
        targetType: 'outbox',
        targetId: request.params.id,
      });
      kickOutboxSender(app);
      return { message: 'The message is queued to be sent again.' };
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
