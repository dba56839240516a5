import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/config';
import {
  allowedDestinationsText,
  callingCodeOf,
  isAllowedSmsDestination,
  smsCallingCodes,
} from './sms-destinations';

describe('SMS destinations', () => {
  it('allows +44 only unless configured otherwise', () => {
    expect(smsCallingCodes(loadConfig({}))).toEqual(['44']);
    expect(smsCallingCodes(loadConfig({ SMS_ALLOWED_COUNTRY_CODES: '' }))).toEqual(['44']);
    expect(smsCallingCodes(loadConfig({ SMS_ALLOWED_COUNTRY_CODES: '44, +353' }))).toEqual(['44', '353']);
    expect(() => loadConfig({ SMS_ALLOWED_COUNTRY_CODES: 'UK' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_ALLOWED_COUNTRY_CODES: '44,,1' })).toThrow(ConfigError);
  });

  it('reads the calling code of international numbers only', () => {
    expect(callingCodeOf('+447911123456')).toBe('44');
    expect(callingCodeOf('+33612345678')).toBe('33');
    expect(callingCodeOf('+12025550143')).toBe('1');
    expect(callingCodeOf('07911 123456')).toBeNull();
    expect(callingCodeOf('+')).toBeNull();
  });

  it('checks a destination against the list', () => {
    expect(isAllowedSmsDestination('+447911123456', ['44'])).toBe(true);
    expect(isAllowedSmsDestination('+33612345678', ['44'])).toBe(false);
    expect(isAllowedSmsDestination('+353851234567', ['44', '353'])).toBe(true);
    expect(isAllowedSmsDestination('07911123456', ['44'])).toBe(false);
  });

  it('names the allowed destinations for people', () => {
    expect(allowedDestinationsText(['44'])).toBe('UK (+44)');
    expect(allowedDestinationsText(['44', '353'])).toBe('+44, +353');
  });
});
