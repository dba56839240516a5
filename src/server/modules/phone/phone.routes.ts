import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/session';
import {
  phoneCodeSentSchema,
  phoneSettingsSchema,
  phoneVerifiedSchema,
  sendPhoneCodeSchema,
  updatePhoneSettingsSchema,
  verifyPhoneSchema,
} from '#shared/schemas/preferences';
import { updatePhoneSettings } from './phone-settings';
import { sendPhoneCode, verifyPhoneCode } from './phone-verification';

/**
 * Phone number, channel switches and phone verification. The settings screen uses the
 * /api/auth/user/… paths and the alert preferences screen the /api/user/… ones; both do the same.
 */
export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  const { config } = app.deps;

  app.put(
    '/api/auth/user/phone-settings',
    { schema: { body: updatePhoneSettingsSchema, response: { 200: phoneSettingsSchema } } },
    async (request) => updatePhoneSettings(app.db, { userId: requireUser(request).id, input: request.body }),
  );

  for (const url of ['/api/auth/user/send-verification', '/api/user/send-phone-verification']) {
    app.post(url, { schema: { body: sendPhoneCodeSchema, response: { 200: phoneCodeSentSchema } } }, async (request) => {
      const sent = await sendPhoneCode(app.db, config, { userId: requireUser(request).id, phoneNumber: request.body.phoneNumber });
      app.deps.outboxSender?.kick(); // the text leaves now, not at the sender's next round
      return sent;
    });
  }

  for (const url of ['/api/auth/user/verify-phone', '/api/user/verify-phone']) {
    app.post(url, { schema: { body: verifyPhoneSchema, response: { 200: phoneVerifiedSchema } } }, async (request) =>
      verifyPhoneCode(app.db, config, { userId: requireUser(request).id, code: request.body.code }),
    );
  }
};
