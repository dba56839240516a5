/**
 * Where texts may go: numbers whose country calling code is in SMS_ALLOWED_COUNTRY_CODES
 * (+44 only by default), a guard against SMS pumping to premium and foreign ranges. Checked
 * when a number is given and again just before any text leaves.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Config } from '#server/config/config';
import { badRequest } from '#server/http/errors';

export const DEFAULT_SMS_CALLING_CODES: readonly string[] = ['44'];

export const smsCallingCodes = (config: Pick<Config, 'SMS_ALLOWED_COUNTRY_CODES'>): readonly string[] =>
  config.SMS_ALLOWED_COUNTRY_CODES.length ? config.SMS_ALLOWED_COUNTRY_CODES : DEFAULT_SMS_CALLING_CODES;

/** 'UK (+44)' for the default list, '+44, +353' otherwise. */
export function allowedDestinationsText(codes: readonly string[]): string {
  return codes.length === 1 && codes[0] === '44' ? 'UK (+44)' : codes.map((code) => `+${code}`).join(', ');
}

export const destinationNotAllowed = (codes: readonly string[]) =>
  badRequest(
    `Text messages can only be sent to ${allowedDestinationsText(codes)} phone numbers.`,
    { allowedCountryCodes: codes.map((code) => `+${code}`) },
    'phone_country_not_supported',
  ).localized('errors.phone_country_not_supported', { countries: allowedDestinationsText(codes) });

/**
 * The calling code of a number in international form ('+447911123456' → '44'), or null. Only the
 * code is read: whether the number exists is the provider's to say.
 */
export function callingCodeOf(number: string): string | null {
  if (!number.startsWith('+')) return null;
  return parsePhoneNumberFromString(number)?.countryCallingCode ?? null;
}

/** True when a text may go to this number (international form, allowed calling code). */
export function isAllowedSmsDestination(number: string, codes: readonly string[]): boolean {
  const code = callingCodeOf(number);
  return code !== null && codes.includes(code);
}
