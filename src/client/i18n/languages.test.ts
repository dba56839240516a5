import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language-names';
import { LANGUAGE_CODES, directionOf, pickLanguage } from './languages';

describe('languages', () => {
  it('lists the twelve interface languages', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'it',
      'pt',
      'ja',
      'ko',
      'zh',
      'ar',
      'ru',
      'nl',
    ]);
    expect(LANGUAGES.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
  });

  it('writes Arabic right to left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });

  it('picks the first supported language, by base code', () => {
    expect(pickLanguage(['sv-SE', 'fr-CA', 'de'])).toBe('fr');
    expect(pickLanguage([undefined, 'xx'])).toBe('en');
  });
});
