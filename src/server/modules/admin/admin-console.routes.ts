import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '#server/http/errors';
import { runNewsRefresh } from '#server/jobs/refresh-news.job';
import { saveSearchTerms } from '#server/modules/legal-change-detail/news.queries';
import { newsProvidersFor } from '#server/providers/news';
import { deriveSearchTerms } from '#server/providers/news/search-terms';
import { eq } from 'drizzle-orm';
import { legalChanges } from '#server/db/schema';
import { LEGISLATION_TYPES, recommendedAvailability } from '#shared/legislation';
import {
  adminAvailabilitySchema,
  adminSearchTermEntrySchema,
  adminSearchTermsSchema,
  availabilityUpdateSchema,
  cachedArticleListSchema,
  channelTestResultSchema,
  databaseStatsSchema,
  initializeDefaultsResponseSchema,
  isPrimaryQuerySchema,
  newsCacheListSchema,
  phase21BodySchema,
  phase22BodySchema,
  phase23BodySchema,
  phase2ResultsSchema,
  phase3StatusSchema,
  phase3TestBodySchema,
  regenerateBodySchema,
  systemHealthSchema,
} from '#shared/schemas/admin';
import { idParamSchema, messageResponseSchema } from '#shared/schemas/common';
import { requireAdmin } from './admin-auth.guard';
import {
  adminSearchTerms,
  availabilityMap,
  cachedArticles,
  recentNewsCaches,
  saveAvailability,
} from './admin-content.queries';
import { databaseStats, systemHealth } from './admin-system.queries';
import { forgetGlobalAvailability } from '#server/modules/settings/legislation-types';
import { recordAdminAction } from './audit-log';
import {
  parseUserId,
  phase2Results,
  phase3Status,
  adminLanguage,
  testEmailChannel,
  testInAppChannel,
  testSmsChannel,
  testUnifiedChannel,
} from './channel-tests';

const KNOWN_KEYS = new Set(LEGISLATION_TYPES.map((t) => t.preferenceKey));

/** Overview, Database, System, News Cache, Search Terms, Legislation Settings and the channel tests. */
export const adminConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  app.get(
    '/api/admin/database-stats',
    { schema: { response: { 200: databaseStatsSchema } } },
    async (request) => {
      requireAdmin(request);
      return databaseStats(app.db);
    },
  );

  app.get(
    '/api/admin/system-health',
    { schema: { response: { 200: systemHealthSchema } } },
    async (request) => {
      requireAdmin(request);
      return systemHealth(app.db, config, new Date());
    },
  );

  // ---- News Cache
  app.get(
    '/api/admin/news-cache',
    { schema: { response: { 200: newsCacheListSchema } } },
    async (request) => {
      requireAdmin(request);
      return recentNewsCaches(app.db, new Date());
    },
  );

  app.get(
    '/api/admin/news-cache/:id/articles',
    { schema: { params: idParamSchema, response: { 200: cachedArticleListSchema } } },
    async (request) => {
      requireAdmin(request);
      const list = await cachedArticles(app.db, request.params.id, new Date());
      if (!list) throw notFound('There is no news cache entry with this id', 'news_cache_not_found');
      return list;
    },
  );

  const startNewsRefresh = async () => {
    if (app.deps.jobs && app.deps.jobs.state() === 'running') {
      await app.deps.jobs.send('refresh-news', { limit: 50 });
      return;
    }
    const providers = app.deps.newsProviders ?? newsProvidersFor(config);
    void runNewsRefresh({ database: app.deps.database, log: app.log }, providers, { limit: 50 }).catch(
      (error: unknown) => app.log.warn({ err: error }, 'a requested news refresh failed'),
    );
  };

  for (const path of ['/api/admin/trigger-news-fetch', '/api/admin/sync/news-cache']) {
    app.post(path, { schema: { response: { 202: messageResponseSchema } } }, async (request, reply) => {
      requireAdmin(request);
      await startNewsRefresh();
      await recordAdminAction(app.db, request, { action: 'news.refresh_started', targetType: 'news-cache' });
      return reply.status(202).send({ message: 'The news refresh has started.' });
    });
  }

  // ---- Search Terms
  app.get(
    '/api/admin/search-terms',
    { schema: { response: { 200: adminSearchTermsSchema } } },
    async (request) => {
      requireAdmin(request);
      return adminSearchTerms(app.db);
    },
  );

  const itemTerms = async (id: number) => {
    const [item] = await app.db
      .select({
        id: legalChanges.id,
        title: legalChanges.title,
        shortName: legalChanges.shortName,
        legislationType: legalChanges.legislationType,
      })
      .from(legalChanges)
      .where(eq(legalChanges.id, id));
    if (!item)
      throw notFound('There is no legal change with this id', 'legal_change_not_found').localized(
        'errors.legalChangeNoSuchId',
      );
    return item;
  };

  app.get(
    '/api/admin/legislation-search-terms/:id',
    {
      schema: {
        params: idParamSchema,
        querystring: isPrimaryQuerySchema,
        response: { 200: adminSearchTermEntrySchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      const item = await itemTerms(request.params.id);
      const terms = deriveSearchTerms(item);
      return {
        id: item.id,
        type: item.legislationType,
        title: item.title,
        searchTerms: { official: [terms.official], alternatives: terms.alternatives, generated_at: null },
      };
    },
  );

  app.post(
    '/api/admin/search-terms/:id/regenerate',
    {
      schema: {
        params: idParamSchema,
        body: regenerateBodySchema.optional(),
        response: { 200: adminSearchTermEntrySchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      const item = await itemTerms(request.params.id);
      const terms = deriveSearchTerms(item);
      await saveSearchTerms(app.db, { legalChangeId: item.id, ...terms });
      await recordAdminAction(app.db, request, {
        action: 'search_terms.regenerated',
        targetType: 'legal_change',
        targetId: item.id,
      });
      return {
        id: item.id,
        type: item.legislationType,
        title: item.title,
        searchTerms: {
          official: [terms.official],
          alternatives: terms.alternatives,
          generated_at: new Date().toISOString(),
        },
      };
    },
  );

  // ---- Legislation Settings
  const availabilityAnswer = async () => {
    const availability = await availabilityMap(app.db);
    const values = Object.values(availability);
    return { availability, enabledCount: values.filter(Boolean).length, totalCount: values.length };
  };

  app.get(
    '/api/admin/legislation-availability',
    { schema: { response: { 200: adminAvailabilitySchema } } },
    async (request) => {
      requireAdmin(request);
      return availabilityAnswer();
    },
  );

  app.put(
    '/api/admin/legislation-availability',
    { schema: { body: availabilityUpdateSchema, response: { 200: adminAvailabilitySchema } } },
    async (request) => {
      requireAdmin(request);
      const { availability, override } = request.body;
      const unknown = Object.keys(availability).filter((k) => !KNOWN_KEYS.has(k));
      if (unknown.length)
        throw badRequest(
          `Unknown legislation type: ${unknown.join(', ')}`,
          { unknown },
          'unknown_legislation_type',
        ).localized('errors.unknown_legislation_type', { types: unknown.join(', ') });
      const after = { ...(await availabilityMap(app.db)), ...availability };
      if (!override && !Object.values(after).some(Boolean))
        throw badRequest(
          'At least one legislation type must stay enabled (switch on Override for admin to turn every type off).',
          undefined,
          'no_type_enabled',
        );
      await app.db.transaction(async (tx) => {
        await saveAvailability(tx, availability);
        await recordAdminAction(tx, request, {
          action: 'legislation_availability.updated',
          targetType: 'legislation_types',
          details: { availability, override: Boolean(override) },
        });
      });
      forgetGlobalAvailability();
      return availabilityAnswer();
    },
  );

  app.post(
    '/api/admin/initialize-legislation-defaults',
    { schema: { response: { 200: initializeDefaultsResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      const availability = recommendedAvailability();
      await app.db.transaction(async (tx) => {
        await saveAvailability(tx, availability);
        await recordAdminAction(tx, request, {
          action: 'legislation_availability.defaults',
          targetType: 'legislation_types',
        });
      });
      forgetGlobalAvailability();
      const saved = await availabilityMap(app.db);
      return {
        message: 'Recommended defaults applied',
        totalItemsEnabled: Object.values(saved).filter(Boolean).length,
        availability: saved,
      };
    },
  );

  // ---- Phase 2 and Phase 3 channel tests (real sends)
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
