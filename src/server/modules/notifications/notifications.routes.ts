import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/http/errors';
import { requireUser } from '#server/plugins/session';
import { idParamSchema } from '#shared/schemas/common';
import {
  dismissResultSchema,
  inAppNotificationsSchema,
  notificationListSchema,
  notificationSchema,
  readAllResultSchema,
} from '#shared/schemas/notifications';
import { allowEmptyJsonBody } from './empty-json-body';
import { registerNotificationStream } from './notification-stream';
import { presentNotification } from './notifications.presenter';
import {
  countUnread,
  dismiss,
  listNotifications,
  markAllRead,
  markRead,
  panelVersion,
} from './notifications.queries';

const notificationNotFound = () => notFound('That notification does not exist.', 'notification_not_found');

/** True when If-None-Match names this (weak) validator. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}

/** The bell, the side panel and their gestures (spec document 1 §4, §7). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  allowEmptyJsonBody(app);
  // members only: a missing session answers 401 before any input is looked at
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/api/notifications',
    { schema: { response: { 200: notificationListSchema } } },
    async (request) => {
      const user = requireUser(request);
      return (await listNotifications(app.db, { userId: user.id })).map(presentNotification);
    },
  );

  app.get(
    '/api/notifications/in-app',
    { schema: { response: { 200: inAppNotificationsSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const etag = await panelVersion(app.db, { userId: user.id });
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (matches(request.headers['if-none-match'], etag)) return (reply as FastifyReply).code(304).send();
      const [rows, unreadCount] = await Promise.all([
        listNotifications(app.db, { userId: user.id }),
        countUnread(app.db, { userId: user.id }),
      ]);
      return { notifications: rows.map(presentNotification), unreadCount };
    },
  );

  app.route({
    method: ['PATCH', 'POST'],
    url: '/api/notifications/:id/read',
    schema: { params: idParamSchema, response: { 200: notificationSchema } },
    handler: async (request) => {
      const user = requireUser(request);
      const row = await markRead(app.db, { userId: user.id, id: request.params.id });
      if (!row) throw notificationNotFound();
      return presentNotification(row);
    },
  });

  app.post(
    '/api/notifications/:id/dismiss',
    { schema: { params: idParamSchema, response: { 200: dismissResultSchema } } },
    async (request) => {
      const user = requireUser(request);
      if (!(await dismiss(app.db, { userId: user.id, id: request.params.id }))) throw notificationNotFound();
      return { id: request.params.id, dismissed: true as const };
    },
  );

  app.post(
    '/api/notifications/read-all',
    { schema: { response: { 200: readAllResultSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { updated: await markAllRead(app.db, { userId: user.id }), unreadCount: 0 as const };
    },
  );

  registerNotificationStream(app);
};
