/**
 * Which legislation types a reader sees: the administrator's global availability, and for a
 * member their own switches. A member's preference is kept when the administrator switches a
 * type off, and applies again when it is switched back on.
 */
import type { DbOrTx } from '#server/db/client';
import { TtlCache } from '#server/cache/ttl-cache';
import { LEGISLATION_TYPES, SCOTTISH_PARLIAMENT_BILL } from '#shared/legislation';
import {
  globalTypeAvailability,
  memberTypeSwitchRows,
  upsertMemberTypeSwitches,
} from './legislation-types.queries';

/** The 16 switchable type codes, in the spec's order. */
export const SWITCHABLE_CODES = LEGISLATION_TYPES.map((t) => t.code);

/** Item codes a switch covers: Scottish Parliament bills go with Acts of the Scottish Parliament. */
export const itemCodesOf = (code: string): string[] =>
  code === 'asp' ? ['asp', SCOTTISH_PARLIAMENT_BILL] : [code];

/** A change by the administrator reaches every app's copy of the availability within this time. */
const AVAILABILITY_TTL_MS = 3000;

/** The global availability as an app last read it (one per app, in its caches). */
export type TypeAvailabilityCache = TtlCache<Map<string, boolean>>;

export const createTypeAvailabilityCache = (): TypeAvailabilityCache =>
  new TtlCache<Map<string, boolean>>(AVAILABILITY_TTL_MS, 1);

export async function globalAvailability(
  db: DbOrTx,
  kept: TypeAvailabilityCache,
): Promise<Map<string, boolean>> {
  return kept.getOrLoad('all', () => globalTypeAvailability(db));
}

/** Called after the administrator changes availability, so this app sees it at once. */
export function forgetGlobalAvailability(kept: TypeAvailabilityCache): void {
  kept.clear();
}

/** The member's switches: code → on (a type without a row is on). */
export async function memberTypeSwitches(db: DbOrTx, userId: number): Promise<Map<string, boolean>> {
  return memberTypeSwitchRows(db, { userId });
}

/**
 * Item legislation types to leave out of what this reader sees: types switched off globally,
 * and for a member also the types they switched off. Sorted, so it can be part of a cache key.
 */
export async function hiddenItemTypes(
  db: DbOrTx,
  member: { disabledTypes: string[] } | null,
  kept: TypeAvailabilityCache,
): Promise<string[]> {
  // a member's list (their own and the administrator's switches) came with their session
  const off = member ? new Set(member.disabledTypes) : null;
  const global = off ? null : await globalAvailability(db, kept);
  const hidden: string[] = [];
  for (const code of SWITCHABLE_CODES)
    if (off ? off.has(code) : global!.get(code) === false) hidden.push(...itemCodesOf(code));
  return hidden.sort();
}

/** Sets some of a member's switches in one statement. */
export async function saveMemberTypeSwitches(db: DbOrTx, userId: number, switches: Record<string, boolean>) {
  const rows = Object.entries(switches).map(([code, enabled]) => ({
    userId,
    legislationTypeCode: code,
    enabled,
  }));
  if (!rows.length) return;
  await upsertMemberTypeSwitches(db, rows);
}
