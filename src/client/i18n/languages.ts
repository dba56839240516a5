/**
 * The twelve interface languages (spec document 1 §1), each with a complete dictionary
 * (`DICTIONARY_LOADERS` in i18n/dictionaries.ts). Should a dictionary be unavailable, the page shows
 * English and keeps `lang="en"` so assistive technology reads it correctly.
 * Only the codes are here, as every page needs them; the header's switcher names each language
 * in itself from the dictionaries (`languageNames`), the settings picker from `./language-names`.
 */
export const LANGUAGE_CODES = [
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
] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar']);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** `ltr` or `rtl` for a language code. */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(code) ? 'rtl' : 'ltr';
}

/** First supported language among the candidates (`"fr-CA"` matches `fr`), else English. */
export function pickLanguage(candidates: readonly (string | null | undefined)[]): LanguageCode {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const base = candidate.toLowerCase().split(/[-_]/)[0];
    if (isLanguageCode(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
