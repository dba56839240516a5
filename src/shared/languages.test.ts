import { describe, expect, it } from 'vitest';
import { pickLanguage } from './accept-language';
import { directionOf, firstSupportedLanguage } from './languages';

describe('languages', () => {
  it('writes Arabic right to left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });

  it('picks the first supported language, by base code', () => {
    expect(pickLanguage('sv-SE', 'fr-CA', 'de')).toBe('fr');
    expect(pickLanguage(undefined, 'xx')).toBe('en');
    expect(firstSupportedLanguage(['sv-SE', 'fr-CA', 'de'])).toBe('fr');
    expect(firstSupportedLanguage([undefined, 'xx'])).toBe('en');
  });

  it('reads Accept-Language headers in quality order', () => {
    expect(pickLanguage('sv;q=1,de-AT;q=0.5,fr;q=0.9')).toBe('fr');
    expect(pickLanguage('fr;q=0', 'it')).toBe('it');
  });
});
