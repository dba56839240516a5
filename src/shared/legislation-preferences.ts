/**
 * The member's legislation type switches travel under the spec's names (`ukPublicGeneralActs`,
 * …, spec document 1, section 3); the service keeps them by short code (`ukpga`, …). A short
 * code is still accepted as an alias of its name. Zod-free: both sides convert with these.
 */
import { LEGISLATION_TYPES } from './legislation';

const KEY_OF_CODE = new Map(LEGISLATION_TYPES.map((t) => [t.code, t.preferenceKey]));
const CODE_OF_KEY = new Map(LEGISLATION_TYPES.map((t) => [t.preferenceKey, t.code]));

/** The spec's names of the switches, in its order. */
export const PREFERENCE_KEYS = LEGISLATION_TYPES.map((t) => t.preferenceKey) as [string, ...string[]];

/** The short code a key names: a spec name or a short code (the alias); undefined when it is neither. */
export function preferenceCodeOf(key: string): string | undefined {
  return CODE_OF_KEY.get(key) ?? (KEY_OF_CODE.has(key) ? key : undefined);
}

/** Code-keyed switches under the spec's names (codes without a name are left out). */
export function byPreferenceKeys(switches: Record<string, boolean>): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(switches).flatMap(([code, on]) => {
      const key = KEY_OF_CODE.get(code);
      return key ? [[key, on]] : [];
    }),
  );
}

/** Switches under the spec's names (or codes) keyed by short code. */
export function byPreferenceCodes(switches: Record<string, boolean>): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(switches).flatMap(([key, on]) => {
      const code = preferenceCodeOf(key);
      return code ? [[code, on]] : [];
    }),
  );
}
