/**
 * The twelve interface languages (spec document 1 §1): the codes, the direction each is written
 * in, and the rule that picks one from stored choices, browser languages or Accept-Language
 * headers. The client's dictionaries, the server's messages and the schemas all use these.
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

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** `ltr` or `rtl` for a language code: Arabic, the one language written right to left. */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return code === 'ar' ? 'rtl' : 'ltr';
}

/** The first supported language among language tags (`fr-CA` gives `fr`), else English. */
export function firstSupportedLanguage(tags: readonly (string | null | undefined)[]): LanguageCode {
  for (const tag of tags) {
    if (!tag) continue;
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguageCode(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
