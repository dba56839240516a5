/** The Legislation Settings tab: which legislation types are available to everyone. */
import type { FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client';
import { badRequest } from '#server/http/errors';
import { forgetGlobalAvailability } from '#server/modules/settings/legislation-types';
import { LEGISLATION_TYPES, recommendedAvailability } from '#shared/legislation';
import { availabilityMap, saveAvailability } from './admin-content.queries';
import { recordAdminAction } from './audit-log';

const KNOWN_KEYS = new Set(LEGISLATION_TYPES.map((t) => t.preferenceKey));

export async function availabilityAnswer(db: Db) {
  const availability = await availabilityMap(db);
  const values = Object.values(availability);
  return { availability, enabledCount: values.filter(Boolean).length, totalCount: values.length };
}

/** Switches types on or off; at least one stays on unless `override`. */
export async function updateAvailability(
  db: Db,
  request: FastifyRequest,
  input: { availability: Record<string, boolean>; override?: boolean | undefined },
) {
  const { availability, override } = input;
  const unknown = Object.keys(availability).filter((k) => !KNOWN_KEYS.has(k));
  if (unknown.length)
    throw badRequest(
      `Unknown legislation type: ${unknown.join(', ')}`,
      { unknown },
      'unknown_legislation_type',
    ).localized('errors.unknown_legislation_type', { types: unknown.join(', ') });
  const after = { ...(await availabilityMap(db)), ...availability };
  if (!override && !Object.values(after).some(Boolean))
    throw badRequest(
      'At least one legislation type must stay enabled (switch on Override for admin to turn every type off).',
      undefined,
      'no_type_enabled',
    );
  await db.transaction(async (tx) => {
    await saveAvailability(tx, availability);
    await recordAdminAction(tx, request, {
      action: 'legislation_availability.updated',
      targetType: 'legislation_types',
      details: { availability, override: Boolean(override) },
    });
  });
  forgetGlobalAvailability(request.server.caches.typeAvailability);
  return availabilityAnswer(db);
}

/** Applies the recommended availability of every type. */
export async function applyRecommendedAvailability(db: Db, request: FastifyRequest) {
  const availability = recommendedAvailability();
  await db.transaction(async (tx) => {
    await saveAvailability(tx, availability);
    await recordAdminAction(tx, request, {
      action: 'legislation_availability.defaults',
      targetType: 'legislation_types',
    });
  });
  forgetGlobalAvailability(request.server.caches.typeAvailability);
  const saved = await availabilityMap(db);
  return {
    message: 'Recommended defaults applied',
    totalItemsEnabled: Object.values(saved).filter(Boolean).length,
    availability: saved,
  };
}
