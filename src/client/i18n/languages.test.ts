import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language-names';
import { LANGUAGE_CODES, directionOf, documentLanguage, pickLanguage } from './languages';

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

  it('marks the page with the language actually shown', () => {
    expect(documentLanguage('ar', ['en', 'ar'])).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(documentLanguage('ar', ['en'])).toEqual({ lang: 'en', dir: 'ltr' });
    expect(documentLanguage('de', ['en', 'de'])).toEqual({ lang: 'de', dir: 'ltr' });
  });
});
