import { describe, expect, it } from 'vitest';
import { languageOfCountry } from '#shared/country-language';

describe('the country-to-language map (spec document 1 §9)', () => {
  it('gives each listed country its language', () => {
    const spec: Record<string, string> = {
      en: 'US GB CA AU NZ IE',
      es: 'ES MX AR CL CO PE',
      fr: 'FR BE CH',
      de: 'DE AT',
      it: 'IT',
      pt: 'PT BR',
      ja: 'JP',
      ko: 'KR',
      zh: 'CN TW HK',
      ar: 'SA AE EG',
      ru: 'RU',
      nl: 'NL',
    };
    for (const [language, countries] of Object.entries(spec))
      for (const country of countries.split(' '))
        expect([country, languageOfCountry(country)]).toEqual([country, language]);
  });

  it('reads codes in any case, and gives English for any other country', () => {
    expect(languageOfCountry('jp')).toBe('ja');
    expect(languageOfCountry(' br ')).toBe('pt');
    expect(languageOfCountry('SE')).toBe('en');
    expect(languageOfCountry('')).toBe('en');
  });
});
