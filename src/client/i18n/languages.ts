/**
 * The twelve interface languages (spec document 1 §1). Only languages listed in
 * `DICTIONARY_LOADERS` (i18n/index.ts) have their own dictionary; every other one shows the
 * English interface and keeps `lang="en"` on the page so assistive technology reads it correctly.
 * Only the codes are here, as every page needs them; names and flags are in `./language-names`.
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

/**
 * The `lang` and `dir` the document should carry: the chosen language when its dictionary is
 * available, otherwise English (the text actually shown).
 */
export function documentLanguage(
  chosen: string,
  translated: readonly string[],
): { lang: string; dir: 'ltr' | 'rtl' } {
  const lang = translated.includes(chosen) ? chosen : DEFAULT_LANGUAGE;
  return { lang, dir: directionOf(lang) };
}
