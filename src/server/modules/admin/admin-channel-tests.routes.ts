import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  channelTestResultSchema,
  phase21BodySchema,
  phase22BodySchema,
  phase23BodySchema,
  phase2ResultsSchema,
  phase3StatusSchema,
  phase3TestBodySchema,
} from '#shared/schemas/admin';
import { requireAdmin } from './admin-auth.guard';
import {
  adminLanguage,
  parseUserId,
  phase2Results,
  phase3Status,
  testEmailChannel,
  testInAppChannel,
  testSmsChannel,
  testUnifiedChannel,
} from './channel-tests';

/** The Phase 2 and Phase 3 channel tests: real sends through each delivery channel. */
export const adminChannelTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/test-phase-21',
    { schema: { body: phase21BodySchema, response: { 200: channelTestResultSchema } } },
    async (request) => {
      requireAdmin(request);
      return testEmailChannel(app, request.body.testEmail, adminLanguage(request.headers['accept-language']));
    },
  );
  app.post(
    '/api/admin/test-phase-22',
    { schema: { body: phase22BodySchema, response: { 200: channelTestResultSchema } } },
    async (request) => {
      requireAdmin(request);
      return testSmsChannel(
        app,
        request.body.testPhoneNumber,
        adminLanguage(request.headers['accept-language']),
      );
    },
  );
  app.post(
    '/api/admin/test-phase-23',
    { schema: { body: phase23BodySchema, response: { 200: channelTestResultSchema } } },
    async (request) => {
      requireAdmin(request);
      return testInAppChannel(app, parseUserId(request.body.testUserId));
    },
  );
  app.get(
    '/api/admin/phase-2-results',
    { schema: { response: { 200: phase2ResultsSchema } } },
    async (request) => {
      requireAdmin(request);
      return phase2Results(app.db);
    },
  );
  app.get(
    '/api/admin/phase-3-status',
    { schema: { response: { 200: phase3StatusSchema } } },
    async (request) => {
      requireAdmin(request);
      return phase3Status(app.db);
    },
  );
  const phase3 = [
    ['/api/admin/test-phase-3-1', 'news'],
    ['/api/admin/test-phase-3-2', 'legislative'],
    ['/api/admin/test-direct-unified-notifications', 'unified'],
    ['/api/admin/test-verification-notifications', 'verification'],
  ] as const;
  for (const [path, kind] of phase3) {
    app.post(
      path,
      { schema: { body: phase3TestBodySchema, response: { 200: channelTestResultSchema } } },
      async (request) => {
        requireAdmin(request);
        return testUnifiedChannel(
          app,
          kind,
          request.body.testEmail,
          adminLanguage(request.headers['accept-language']),
        );
      },
    );
  }
};
