/**
 * Phone numbers are validated and stored in E.164 (default country GB). Texts go only to
 * mobile numbers whose calling code is allowed (SMS_ALLOWED_COUNTRY_CODES, +44 by default).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { badRequest } from '#server/http/errors';
import { DEFAULT_SMS_CALLING_CODES, destinationNotAllowed } from '#server/modules/outbox/sms-destinations';

const TEXTABLE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export const invalidPhoneNumber = () =>
  badRequest('Please enter a valid phone number.', undefined, 'invalid_phone_number');

/** '07911 123456' → '+447911123456'; throws a 400 for anything that cannot receive our texts. */
export function normalisePhoneNumber(
  input: string,
  allowedCallingCodes: readonly string[] = DEFAULT_SMS_CALLING_CODES,
): string {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 40) throw invalidPhoneNumber();
  const parsed = parsePhoneNumberFromString(trimmed, 'GB');
  if (!parsed || !parsed.isValid()) throw invalidPhoneNumber();
  if (!allowedCallingCodes.includes(parsed.countryCallingCode))
    throw destinationNotAllowed(allowedCallingCodes);
  const type = parsed.getType();
  if (type && !TEXTABLE_TYPES.has(type)) {
    throw badRequest(
      'Please enter a mobile number that can receive text messages.',
      undefined,
      'phone_not_mobile',
    );
  }
  return parsed.number;
}

/** A stored number, or null for '' / null (the member removes it). */
export function normaliseOptionalPhoneNumber(
  input: string | null,
  allowedCallingCodes?: readonly string[],
): string | null {
  return input === null || input.trim() === '' ? null : normalisePhoneNumber(input, allowedCallingCodes);
}
