import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { legalChanges, userActions, users } from '#server/db/schema';
import { badRequest } from '#server/http/errors';
import { requireUser } from '#server/plugins/session';
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
  globalAvailability,
  itemCodesOf,
  memberTypeSwitches,
  saveMemberTypeSwitches,
  SWITCHABLE_CODES,
} from './legislation-types';

/** The member's legislation type switches, followed counts per type, and their profile settings. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const switchesOf = async (userId: number) => {
    const own = await memberTypeSwitches(app.db, userId);
    return Object.fromEntries(SWITCHABLE_CODES.map((code) => [code, own.get(code) ?? true]));
  };

  app.get(
    '/api/global/legislation-availability',
    { schema: { response: { 200: globalAvailabilitySchema } } },
    async () => {
      const global = await globalAvailability(app.db);
      return Object.fromEntries(SWITCHABLE_CODES.map((code) => [code, global.get(code) ?? true]));
    },
  );

  app.get(
    '/api/user/legislation-preferences',
    { schema: { response: { 200: legislationPreferencesSchema } } },
    async (request) => switchesOf(requireUser(request).id),
  );

  app.put(
    '/api/user/legislation-preferences',
    { schema: { body: legislationPreferencesUpdateSchema, response: { 200: legislationPreferencesSchema } } },
    async (request) => {
      const user = requireUser(request);
      const global = await globalAvailability(app.db);
      const unavailable = Object.entries(request.body)
        .filter(([code, on]) => on && global.get(code) === false)
        .map(([code]) => code);
      if (unavailable.length)
        throw badRequest(
          `These legislation types are not available at the moment: ${unavailable.join(', ')}`,
          { unavailable },
          'legislation_type_unavailable',
        ).localized('errors.legislation_type_unavailable', { types: unavailable.join(', ') });
      await saveMemberTypeSwitches(app.db, user.id, request.body);
      return switchesOf(user.id);
    },
  );

  app.get(
    '/api/user/followed-legislation-counts',
    { schema: { response: { 200: followedCountsSchema } } },
    async (request) => {
      const user = requireUser(request);
      const rows = await app.db
        .select({ type: legalChanges.legislationType, n: sql<number>`count(*)::int` })
        .from(userActions)
        .innerJoin(legalChanges, eq(legalChanges.id, userActions.legalChangeId))
        .where(and(eq(userActions.userId, user.id), eq(userActions.action, 'followed')))
        .groupBy(legalChanges.legislationType);
      const byItemType = new Map(rows.map((r) => [r.type, r.n]));
      return Object.fromEntries(
        SWITCHABLE_CODES.map((code) => [
          code,
          itemCodesOf(code).reduce((n, c) => n + (byItemType.get(c) ?? 0), 0),
        ]),
      );
    },
  );

  app.post(
    '/api/user/dismiss-followed-by-types',
    { schema: { body: dismissByTypesSchema, response: { 200: dismissByTypesResultSchema } } },
    async (request) => {
      const user = requireUser(request);
      const itemTypes = request.body.legislationTypes.flatMap(itemCodesOf);
      const rows = await app.db
        .update(userActions)
        .set({ action: 'dismissed', updatedAt: new Date() })
        .where(
          and(
            eq(userActions.userId, user.id),
            eq(userActions.action, 'followed'),
            inArray(
              userActions.legalChangeId,
              app.db
                .select({ id: legalChanges.id })
                .from(legalChanges)
                .where(inArray(legalChanges.legislationType, itemTypes)),
            ),
          ),
        )
        .returning({ id: userActions.id });
      return { dismissed: rows.length };
    },
  );

  app.put(
    '/api/user/settings',
    { schema: { body: userSettingsUpdateSchema, response: { 200: userSettingsSchema } } },
    async (request) => {
      const user = requireUser(request);
      const [row] = await app.db
        .update(users)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning({
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
          language: users.language,
          timezone: users.timezone,
        });
      return row!;
    },
  );
};
