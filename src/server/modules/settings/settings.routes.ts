import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOnly, requireUser } from '#server/plugins/session';
import { byPreferenceKeys } from '#shared/legislation-preferences';
import {
  dismissByTypesResultSchema,
  dismissByTypesSchema,
  followedCountsSchema,
  globalAvailabilitySchema,
  legislationPreferencesSchema,
  legislationPreferencesUpdateSchema,
  userSettingsSchema,
  userSettingsUpdateSchema,
} from '#shared/schemas/settings';
import {
  dismissFollowedByTypes,
  followedCountsPerType,
  globalSwitches,
  memberSwitches,
  updateMemberSwitches,
  updateUserSettings,
} from './settings.service';

/** The member's legislation type switches, followed counts per type, and their profile settings. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/global/legislation-availability',
    { schema: { response: { 200: globalAvailabilitySchema } } },
    async () => globalSwitches(app.db, app.caches.typeAvailability),
  );

  app.get(
    '/api/user/legislation-preferences',
    { onRequest: memberOnly, schema: { response: { 200: legislationPreferencesSchema } } },
    async (request) => byPreferenceKeys(await memberSwitches(app.db, requireUser(request).id)),
  );

  app.put(
    '/api/user/legislation-preferences',
    {
      onRequest: memberOnly,
      schema: { body: legislationPreferencesUpdateSchema, response: { 200: legislationPreferencesSchema } },
    },
    async (request) =>
      byPreferenceKeys(
        await updateMemberSwitches(
          app.db,
          app.caches.typeAvailability,
          requireUser(request).id,
          request.body,
        ),
      ),
  );

  app.get(
    '/api/user/followed-legislation-counts',
    { onRequest: memberOnly, schema: { response: { 200: followedCountsSchema } } },
    async (request) => followedCountsPerType(app.db, requireUser(request).id),
  );

  app.post(
    '/api/user/dismiss-followed-by-types',
    {
      onRequest: memberOnly,
      schema: { body: dismissByTypesSchema, response: { 200: dismissByTypesResultSchema } },
    },
    async (request) => dismissFollowedByTypes(app.db, requireUser(request).id, request.body.legislationTypes),
  );

  app.put(
    '/api/user/settings',
    {
      onRequest: memberOnly,
      schema: { body: userSettingsUpdateSchema, response: { 200: userSettingsSchema } },
    },
    async (request) => updateUserSettings(app.db, requireUser(request).id, request.body),
  );
};
