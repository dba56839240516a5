/**
 * Phone numbers are validated and stored in E.164 (default country GB). Texts go only to UK
 * (+44) mobile numbers: a guard against SMS pumping to premium and foreign ranges.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { badRequest } from '#server/http/errors';

export const ALLOWED_CALLING_CODES = ['44'];
const TEXTABLE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export const invalidPhoneNumber = () => badRequest('Please enter a valid phone number.', undefined, 'invalid_phone_number');

/** '07911 123456' → '+447911123456'; throws a 400 for anything that cannot receive our texts. */
export function normalisePhoneNumber(input: string): string {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 40) throw invalidPhoneNumber();
  const parsed = parsePhoneNumberFromString(trimmed, 'GB');
  if (!parsed || !parsed.isValid()) throw invalidPhoneNumber();
  if (!ALLOWED_CALLING_CODES.includes(parsed.countryCallingCode)) {
    throw badRequest('Text messages can only be sent to UK (+44) phone numbers.', undefined, 'phone_country_not_supported');
  }
  const type = parsed.getType();
  if (type && !TEXTABLE_TYPES.has(type)) {
    throw badRequest('Please enter a mobile number that can receive text messages.', undefined, 'phone_not_mobile');
  }
  return parsed.number;
}

/** A stored number, or null for '' / null (the member removes it). */
export function normaliseOptionalPhoneNumber(input: string | null): string | null {
  return input === null || input.trim() === '' ? null : normalisePhoneNumber(input);
}
