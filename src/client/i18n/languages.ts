/**
 * The twelve interface languages (spec document 1 §1). Only languages listed in
 * `DICTIONARY_LOADERS` (i18n/index.ts) have their own dictionary; every other one shows the
 * English interface and keeps `lang="en"` on the page so assistive technology reads it correctly.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', nativeName: 'English', flag: '🇬🇧' },
  { code: 'es', name: 'Spanish', nativeName: 'Español', flag: '🇪🇸' },
  { code: 'fr', name: 'French', nativeName: 'Français', flag: '🇫🇷' },
  { code: 'de', name: 'German', nativeName: 'Deutsch', flag: '🇩🇪' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano', flag: '🇮🇹' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português', flag: '🇵🇹' },
  { code: 'ja', name: 'Japanese', nativeName: '日本語', flag: '🇯🇵' },
  { code: 'ko', name: 'Korean', nativeName: '한국어', flag: '🇰🇷' },
  { code: 'zh', name: 'Chinese', nativeName: '中文', flag: '🇨🇳' },
  { code: 'ar', name: 'Arabic', nativeName: 'العربية', flag: '🇸🇦' },
  { code: 'ru', name: 'Russian', nativeName: 'Русский', flag: '🇷🇺' },
  { code: 'nl', name: 'Dutch', nativeName: 'Nederlands', flag: '🇳🇱' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar']);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
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
