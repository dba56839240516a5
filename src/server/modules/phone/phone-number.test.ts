import { describe, expect, it } from 'vitest';
import { AppError } from '#server/http/errors';
import { normalisePhoneNumber, normaliseOptionalPhoneNumber } from './phone-number';
import { phoneSettingsChange } from './phone-settings';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return null;
};

describe('phone numbers', () => {
  it.each([
    ['07911 123456', '+447911123456'],
    ['+44 7911 123456', '+447911123456'],
    ['0044 7911 123456', '+447911123456'],
    ['(07911) 123-456', '+447911123456'],
  ])('normalises %s to E.164', (input, e164) => {
    expect(normalisePhoneNumber(input)).toBe(e164);
  });

  it.each([
    ['', 'invalid_phone_number'],
    ['   ', 'invalid_phone_number'],
    ['07911', 'invalid_phone_number'],
    ['hello', 'invalid_phone_number'],
    ['+33 6 12 34 56 78', 'phone_country_not_supported'],
    ['0909 879 0000', 'phone_not_mobile'],
  ])('refuses %s (%s)', (input, expected) => {
    expect(code(() => normalisePhoneNumber(input))).toBe(expected);
  });

  it('takes the allowed calling codes from the configuration', () => {
    expect(normalisePhoneNumber('+353 85 123 4567', ['44', '353'])).toBe('+353851234567');
    expect(normalisePhoneNumber('07911 123456', ['44', '353'])).toBe('+447911123456');
    expect(code(() => normalisePhoneNumber('+353 85 123 4567'))).toBe('phone_country_not_supported');
    expect(code(() => normalisePhoneNumber('+44 7911 123456', ['353']))).toBe('phone_country_not_supported');
    expect(() => normalisePhoneNumber('+33 6 12 34 56 78', ['44', '353'])).toThrow(
      'Text messages can only be sent to +44, +353 phone numbers.',
    );
  });

  it('reads an empty number as none', () => {
    expect(normaliseOptionalPhoneNumber('')).toBeNull();
    expect(normaliseOptionalPhoneNumber(null)).toBeNull();
  });
});

describe('phone settings changes', () => {
  const current = {
    phoneNumber: '+447911123456',
    phoneVerified: true,
    emailNotificationsEnabled: true,
    smsNotificationsEnabled: false,
    emailNewsAlertsEnabled: false,
    smsAlertsEnabled: false,
  };
  it('keeps verification for the same number in another format', () => {
    expect(phoneSettingsChange(current, { phoneNumber: '07911 123456', smsAlertsEnabled: true })).toEqual({
      smsAlertsEnabled: true,
    });
  });
  it('resets verification for a new number and then refuses to turn SMS on', () => {
    expect(phoneSettingsChange(current, { phoneNumber: '07400 123456' })).toEqual({
      phoneNumber: '+447400123456',
      phoneVerified: false,
    });
    expect(
      code(() => phoneSettingsChange(current, { phoneNumber: '07400 123456', smsAlertsEnabled: true })),
    ).toBe('phone_not_verified');
  });
  it('leaves SMS on when it already was (the unverified warning state)', () => {
    const on = { ...current, phoneVerified: false, smsAlertsEnabled: true };
    expect(phoneSettingsChange(on, { smsAlertsEnabled: true })).toEqual({ smsAlertsEnabled: true });
  });
});
