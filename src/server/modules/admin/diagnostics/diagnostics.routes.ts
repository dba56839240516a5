/**
 * The console's diagnostics (spec document 2 §7). Each needs an administrator session and the
 * CSRF token, validates its input, runs its part of the system for real and is audited.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MessageLanguage } from '#server/messages/i18n';
import {
  diagnosticEmailBodySchema,
  diagnosticResultSchema,
  diagnosticSmsBodySchema,
  type DiagnosticResult,
} from '#shared/schemas/admin';
import { requireAdmin } from '../admin-auth.guard';
import { recordAdminAction } from '../audit-log';
import { adminLanguage } from '../channel-tests';
import {
  testDirectSms,
  testNotificationService,
  testPhase33,
  testRealNewsFlow,
  testSyncAlertsSentencingBill,
  testUnifiedNewsNotifications,
} from './diagnostics';

type EmailDiagnostic = (
  app: Parameters<typeof testNotificationService>[0],
  to: string,
  lang: MessageLanguage,
) => Promise<DiagnosticResult>;

const EMAIL_DIAGNOSTICS: [string, EmailDiagnostic][] = [
  ['test-notification-service', testNotificationService],
  ['test-unified-news-notifications', testUnifiedNewsNotifications],
  ['test-phase-3-3', testPhase33],
  ['test-real-news-flow', testRealNewsFlow],
  ['test-sync-alerts-sentencing-bill', testSyncAlertsSentencingBill],
];

export const adminDiagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = (request: FastifyRequest, name: string, outcome: DiagnosticResult) =>
    recordAdminAction(app.db, request, {
      action: 'diagnostic.run',
      targetType: 'diagnostic',
      targetId: name,
      details: { success: outcome.success, messageIds: outcome.ids },
    });

  for (const [name, run] of EMAIL_DIAGNOSTICS) {
    app.post(
      `/api/admin/${name}`,
      { schema: { body: diagnosticEmailBodySchema, response: { 200: diagnosticResultSchema } } },
      async (request) => {
        requireAdmin(request);
        const outcome = await run(
          app,
          request.body.testEmail,
          adminLanguage(request.headers['accept-language']),
        );
        await audit(request, name, outcome);
        return outcome;
      },
    );
  }

  app.post(
    '/api/admin/test-direct-sms',
    { schema: { body: diagnosticSmsBodySchema, response: { 200: diagnosticResultSchema } } },
    async (request) => {
      requireAdmin(request);
      const outcome = await testDirectSms(
        app,
        request.body.testPhoneNumber,
        adminLanguage(request.headers['accept-language']),
      );
      await audit(request, 'test-direct-sms', outcome);
      return outcome;
    },
  );
};
