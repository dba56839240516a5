import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsClockOf } from '#server/modules/outbox/sms-clock';
import { smsCallingCodes } from '#server/modules/outbox/sms-destinations';
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
import { sendPhoneCode, verifyPhoneCode, type PhoneCodeContext } from './phone-verification';

/**
 * Phone number, channel switches and phone verification. The settings screen uses the
 * /api/auth/user/… paths and the alert preferences screen the /api/user/… ones; both do the same.
 */
export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  const { config } = app.deps;
  const clock = smsClockOf(app);
  const codes: PhoneCodeContext = {
    db: app.db,
    config,
    appSecret: app.secrets.appSecret,
    log: app.log,
    kickOutbox: () => app.deps.outboxSender?.kick(),
  };

  app.put(
    '/api/auth/user/phone-settings',
    { schema: { body: updatePhoneSettingsSchema, response: { 200: phoneSettingsSchema } } },
    async (request) =>
      updatePhoneSettings(app.db, {
        userId: requireUser(request).id,
        input: request.body,
        allowedCallingCodes: smsCallingCodes(config),
        tier: requireUser(request).subscriptionTier,
      }),
  );

  for (const url of ['/api/auth/user/send-verification', '/api/user/send-phone-verification']) {
    app.post(
      url,
      { schema: { body: sendPhoneCodeSchema, response: { 200: phoneCodeSentSchema } } },
      async (request) =>
        sendPhoneCode(codes, {
          userId: requireUser(request).id,
          phoneNumber: request.body.phoneNumber,
          ip: request.ip,
          now: clock(),
        }),
    );
  }

  for (const url of ['/api/auth/user/verify-phone', '/api/user/verify-phone']) {
    app.post(
      url,
      { schema: { body: verifyPhoneSchema, response: { 200: phoneVerifiedSchema } } },
      async (request) =>
        verifyPhoneCode(app.db, app.secrets.appSecret, {
          userId: requireUser(request).id,
          code: request.body.code,
          now: clock(),
        }),
    );
  }
};
