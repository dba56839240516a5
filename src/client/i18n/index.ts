/**
 * i18next set-up. English is bundled; other dictionaries load on demand, one at a time.
 *
 * To add a dictionary: create `locales/<code>.json` with the same keys as `en.json` and add
 * `<code>: () => import('./locales/<code>.json')` to `DICTIONARY_LOADERS` (es, fr and de are
 * the languages the product translates; the other eight show the English interface).
 */
import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, readStorage, writeStorage } from '#client/lib/storage';
import en from './locales/en.json';
import { DEFAULT_LANGUAGE, type LanguageCode, documentLanguage, isLanguageCode, pickLanguage } from './languages';

type DictionaryLoader = () => Promise<{ default: ResourceLanguage }>;

export const DICTIONARY_LOADERS: Partial<Record<LanguageCode, DictionaryLoader>> = {
  en: () => Promise.resolve({ default: en }),
};

export const TRANSLATED_LANGUAGES = Object.keys(DICTIONARY_LOADERS) as LanguageCode[];

const resources: Resource = { en: { translation: en } };

export function initialLanguage(): LanguageCode {
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLanguageCode(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  return pickLanguage(browser);
}

function applyToDocument(code: string): void {
  if (typeof document === 'undefined') return;
  const { lang, dir } = documentLanguage(code, TRANSLATED_LANGUAGES);
  document.documentElement.lang = lang;
  document.documentElement.dir = dir;
}

async function ensureDictionary(code: LanguageCode): Promise<void> {
  if (i18n.hasResourceBundle(code, 'translation')) return;
  const loader = DICTIONARY_LOADERS[code];
  if (!loader) return;
  const dictionary = await loader();
  i18n.addResourceBundle(code, 'translation', dictionary.default, true, true);
}

/** Switches the interface language, loading its dictionary first, and remembers the choice. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await ensureDictionary(code);
  await i18n.changeLanguage(code);
  writeStorage(STORAGE_KEYS.language, code);
}

i18n.on('languageChanged', applyToDocument);

const startLanguage = initialLanguage();

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
  initAsync: false,
});
applyToDocument(DEFAULT_LANGUAGE);

if (startLanguage !== DEFAULT_LANGUAGE) {
  void ensureDictionary(startLanguage).then(() => i18n.changeLanguage(startLanguage));
}

export default i18n;
