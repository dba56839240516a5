/**
 * The interface language of a country (spec document 1 §9): US, GB, CA, AU, NZ, IE give en;
 * ES, MX, AR, CL, CO, PE give es; FR, BE, CH give fr; DE, AT give de; IT gives it; PT, BR give
 * pt; JP gives ja; KR gives ko; CN, TW, HK give zh; SA, AE, EG give ar; RU gives ru; NL gives nl.
 * Any other country gives English.
 */
const COUNTRY_LANGUAGES = {
  en: ['US', 'GB', 'CA', 'AU', 'NZ', 'IE'],
  es: ['ES', 'MX', 'AR', 'CL', 'CO', 'PE'],
  fr: ['FR', 'BE', 'CH'],
  de: ['DE', 'AT'],
  it: ['IT'],
  pt: ['PT', 'BR'],
  ja: ['JP'],
  ko: ['KR'],
  zh: ['CN', 'TW', 'HK'],
  ar: ['SA', 'AE', 'EG'],
  ru: ['RU'],
  nl: ['NL'],
} as const;

export type CountryLanguage = keyof typeof COUNTRY_LANGUAGES;

const BY_COUNTRY = new Map<string, CountryLanguage>(
  Object.entries(COUNTRY_LANGUAGES).flatMap(([language, countries]) =>
    countries.map((country) => [country, language as CountryLanguage] as const),
  ),
);

/** The language of an ISO 3166-1 alpha-2 country code (any case); English for any other. */
export function languageOfCountry(countryCode: string): CountryLanguage {
  return BY_COUNTRY.get(countryCode.trim().toUpperCase()) ?? 'en';
}
