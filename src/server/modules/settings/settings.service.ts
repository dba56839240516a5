/**
 * The member's settings: their legislation type switches (within what the administrator makes
 * available), their follows counted and dismissed by type, and their profile.
 */
import type { Db } from '#server/db/client';
import { badRequest } from '#server/http/errors';
import type { UserSettingsUpdate } from '#shared/schemas/settings';
import {
  globalAvailability,
  itemCodesOf,
  memberTypeSwitches,
  saveMemberTypeSwitches,
  SWITCHABLE_CODES,
  type TypeAvailabilityCache,
} from './legislation-types';
import { dismissFollowedOfTypes, followedCountsByItemType, updateProfileSettings } from './settings.queries';

/** Every switchable type: on unless the administrator switched it off. */
export async function globalSwitches(db: Db, kept: TypeAvailabilityCache): Promise<Record<string, boolean>> {
  const global = await globalAvailability(db, kept);
  return Object.fromEntries(SWITCHABLE_CODES.map((code) => [code, global.get(code) ?? true]));
}

/** Every switchable type: on unless the member switched it off. */
export async function memberSwitches(db: Db, userId: number): Promise<Record<string, boolean>> {
  const own = await memberTypeSwitches(db, userId);
  return Object.fromEntries(SWITCHABLE_CODES.map((code) => [code, own.get(code) ?? true]));
}

/** Saves the member's switches; a type the administrator switched off cannot be switched on. */
export async function updateMemberSwitches(
  db: Db,
  kept: TypeAvailabilityCache,
  userId: number,
  switches: Record<string, boolean>,
): Promise<Record<string, boolean>> {
  const global = await globalAvailability(db, kept);
  const unavailable = Object.entries(switches)
    .filter(([code, on]) => on && global.get(code) === false)
    .map(([code]) => code);
  if (unavailable.length)
    throw badRequest(
      `These legislation types are not available at the moment: ${unavailable.join(', ')}`,
      { unavailable },
      'legislation_type_unavailable',
    ).localized('errors.legislation_type_unavailable', { types: unavailable.join(', ') });
  await saveMemberTypeSwitches(db, userId, switches);
  return memberSwitches(db, userId);
}

/** Followed items per switchable type (a switch counts every item type it covers). */
export async function followedCountsPerType(db: Db, userId: number): Promise<Record<string, number>> {
  const byItemType = await followedCountsByItemType(db, { userId });
  return Object.fromEntries(
    SWITCHABLE_CODES.map((code) => [
      code,
      itemCodesOf(code).reduce((n, c) => n + (byItemType.get(c) ?? 0), 0),
    ]),
  );
}

export async function dismissFollowedByTypes(db: Db, userId: number, legislationTypes: string[]) {
  return {
    dismissed: await dismissFollowedOfTypes(db, { userId, itemTypes: legislationTypes.flatMap(itemCodesOf) }),
  };
}

export const updateUserSettings = (db: Db, userId: number, values: UserSettingsUpdate) =>
  updateProfileSettings(db, { userId, values });
